// The routed pages of features/shop, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const ShopPage = () => import('./ShopPage');
export const ShopProductPage = () => import('./ShopProductPage');
export const ShopBagPage = () => import('./ShopBagPage');
