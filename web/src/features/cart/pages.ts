// The routed pages of features/cart, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const CartPage = () => import('./CartPage');
