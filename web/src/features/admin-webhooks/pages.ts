// The routed pages of features/admin-webhooks, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminWebhooksPage = () => import('./AdminWebhooksPage');
export const AdminWebhookEndpointPage = () => import('./AdminWebhookEndpointPage');
