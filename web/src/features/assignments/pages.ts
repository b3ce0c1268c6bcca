// The routed pages of features/assignments, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AssignmentPage = () => import('./AssignmentPage');
export const ReviewQueuePage = () => import('./ReviewQueuePage');
export const SubmissionReviewPage = () => import('./SubmissionReviewPage');
