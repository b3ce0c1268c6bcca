/** The password of every demo account, published in the README: never valid in production. */
export const DEMO_PASSWORD = 'drx-demo-2026';
