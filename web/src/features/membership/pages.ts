// The routed pages of features/membership, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const SubscriptionPage = () => import('./SubscriptionPage');
export const SubscriptionSuccessPage = () => import('./SubscriptionSuccessPage');
