// The front door of features/videos: what other features and the app's frame use of it
// (docs/architecture.md, "Import rules").
export { LessonVideoUpload, refusalOf } from './LessonVideoUpload';
