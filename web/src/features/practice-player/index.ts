// The front door of features/practice-player: what other features and the app's frame use of it
// (docs/architecture.md, "Import rules").
export { ClientPracticePlayer } from './ClientPracticePlayer';
export { RequireWatchingSwitch } from './RequireWatchingSwitch';
export { StepMarkerEditor } from './StepMarkerEditor';
export { lessonVideoSource } from './lessonVideoSource';
export { formatTime } from './time';
export { useLessonPractice } from './useLessonPractice';
