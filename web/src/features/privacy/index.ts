// The front door of features/privacy: what other features and the app's frame use of it
// (docs/architecture.md, "Import rules").
export { YourDataSection } from './YourDataSection';
