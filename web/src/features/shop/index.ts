// The front door of features/shop: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { ShopBagTransfer } from './ShopBagTransfer';
export { ShopProductCard } from './ShopProductCard';
export { ShopProductsQueryDocument } from './shopDocuments';
export { formatMoney } from './shopFormat';
