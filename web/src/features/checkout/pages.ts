// The routed pages of features/checkout, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const CheckoutPage = () => import('./CheckoutPage');
export const SimpleCheckoutPage = () => import('./SimpleCheckoutPage');
export const StripeCheckoutPage = () => import('./StripeCheckoutPage');
export const PaymentSuccessPage = () => import('./PaymentSuccessPage');
