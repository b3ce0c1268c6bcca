// The front door of features/two-step: what other features and the app's frame use of it
// (docs/architecture.md, "Import rules").
export { SecondStepForm } from './SecondStepForm';
export { TwoStepSection } from './TwoStepSection';
export { MyTwoStepDocument } from './twoStepDocuments';
export { TWO_STEP_SETUP_PATH } from './twoStepSetupPath';
