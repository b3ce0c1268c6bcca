// The routed pages of features/account, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const ForgotPasswordPage = () => import('./ForgotPasswordPage');
export const ResetPasswordPage = () => import('./ResetPasswordPage');
export const VerifyEmailPage = () => import('./VerifyEmailPage');
