import { DEMO_SHOP } from './demo-store-seed';
import { money } from './demo-store-ids';

/**
 * The demo store's HTML pages (the checkout and an order's status page), clearly labelled as a
 * demo where no money moves. Styles come from /demo-store/assets/checkout.css (the CSP allows
 * 'self' styles only; no script runs).
 */

export const CHECKOUT_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1a202c;background:#f7f7f9;line-height:1.45}
a{color:#6b46c1}
.demo-banner{background:#fefcbf;border-bottom:2px solid #d69e2e;color:#744210;text-align:center;padding:10px 16px;font-weight:700;letter-spacing:.02em}
.demo-banner small{display:block;font-weight:400}
header.shop{background:#fff;border-bottom:1px solid #e2e8f0;padding:18px 24px}
header.shop .name{font-size:1.35rem;font-weight:700}
header.shop .tag{display:inline-block;margin-left:10px;padding:2px 10px;border-radius:999px;background:#e9d8fd;color:#553c9a;font-size:.75rem;font-weight:700;vertical-align:middle;text-transform:uppercase;letter-spacing:.06em}
main{max-width:1040px;margin:0 auto;padding:24px;display:grid;grid-template-columns:1fr 380px;gap:32px}
@media (max-width:820px){main{grid-template-columns:1fr}}
h1{font-size:1.5rem;margin:0 0 16px}
h2{font-size:1.05rem;margin:24px 0 10px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:20px}
label{display:block;font-size:.85rem;font-weight:600;margin:12px 0 4px}
input,select{width:100%;padding:10px 12px;border:1px solid #cbd5e0;border-radius:8px;font:inherit;background:#fff}
input:focus,select:focus{outline:2px solid #805ad5;border-color:#805ad5}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.note{background:#f0fff4;border:1px solid #9ae6b4;color:#22543d;border-radius:8px;padding:12px;font-size:.9rem;margin-top:16px}
.error{background:#fff5f5;border:1px solid #feb2b2;color:#9b2c2c;border-radius:8px;padding:12px;margin-bottom:16px}
.error ul{margin:6px 0 0;padding-left:20px}
button{margin-top:20px;width:100%;padding:14px;border:0;border-radius:10px;background:#6b46c1;color:#fff;font-size:1.05rem;font-weight:700;cursor:pointer}
button:hover{background:#553c9a}
.line{display:grid;grid-template-columns:64px 1fr auto;gap:12px;align-items:center;padding:10px 0;border-bottom:1px solid #edf2f7}
.line img{width:64px;height:64px;border-radius:8px;object-fit:cover;background:#edf2f7}
.line .title{font-weight:600}
.line .variant,.muted{color:#718096;font-size:.85rem}
.qty{display:inline-block;min-width:22px;padding:0 6px;border-radius:999px;background:#edf2f7;font-size:.8rem;text-align:center;margin-left:6px}
.totals{margin-top:12px}
.totals div{display:flex;justify-content:space-between;padding:4px 0}
.totals .total{font-weight:700;font-size:1.15rem;border-top:1px solid #e2e8f0;margin-top:6px;padding-top:10px}
.status{display:inline-block;padding:3px 12px;border-radius:999px;background:#c6f6d5;color:#22543d;font-weight:700;font-size:.85rem}
.status.warn{background:#fed7d7;color:#822727}
.back{display:inline-block;margin-top:20px;padding:12px 20px;border-radius:10px;background:#6b46c1;color:#fff;text-decoration:none;font-weight:700}
footer{text-align:center;color:#a0aec0;font-size:.8rem;padding:24px}
`;

export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface PageLine {
  title: string;
  variantTitle: string | null;
  quantity: number;
  price: string;
  imageUrl: string | null;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(DEMO_SHOP.name)} (demo)</title>
<link rel="stylesheet" href="/demo-store/assets/checkout.css">
</head>
<body>
<div class="demo-banner" role="note">DRX demo store — no money moves<small>This is DRX's built-in stand-in for a Shopify store: no card is asked for and nothing is charged or shipped.</small></div>
<header class="shop"><span class="name">${escapeHtml(DEMO_SHOP.name)}</span><span class="tag">Demo store</span></header>
${body}
<footer>DRX demo store · test orders only</footer>
</body>
</html>
`;
}

function summary(lines: PageLine[], total: string): string {
  const rows = lines
    .map(
      (l) => `<div class="line">
  ${l.imageUrl ? `<img src="${escapeHtml(l.imageUrl)}" alt="">` : '<img alt="">'}
  <div><div class="title">${escapeHtml(l.title)}<span class="qty" title="Quantity">×${l.quantity}</span></div>${
    l.variantTitle ? `<div class="variant">${escapeHtml(l.variantTitle)}</div>` : ''
  }</div>
  <div>$${money(Number(l.price) * l.quantity)}</div>
</div>`,
    )
    .join('\n');
  return `<aside class="card" aria-label="Order summary">
<h2>Order summary</h2>
${rows || '<p class="muted">No items.</p>'}
<div class="totals">
  <div><span>Subtotal</span><span>$${money(total)}</span></div>
  <div><span>Shipping</span><span>Free (demo)</span></div>
  <div class="total"><span>Total</span><span>${DEMO_SHOP.currencyCode} $${money(total)}</span></div>
</div>
</aside>`;
}

export interface CheckoutForm {
  email: string;
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  zip: string;
  country: string;
}

export const COUNTRIES: [string, string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['AU', 'Australia'],
  ['DE', 'Germany'],
  ['FR', 'France'],
];

export function checkoutPage(args: {
  token: string;
  lines: PageLine[];
  total: string;
  form: CheckoutForm;
  errors: string[];
}): string {
  const { form } = args;
  const field = (name: keyof CheckoutForm, label: string, type = 'text', autocomplete = '') =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(form[name])}"${
      autocomplete ? ` autocomplete="${autocomplete}"` : ''
    } required>`;
  const body = args.lines.length
    ? `<main>
<section class="card">
<h1>Checkout</h1>
${
  args.errors.length
    ? `<div class="error" role="alert"><strong>We couldn't place this order.</strong><ul>${args.errors
        .map((e) => `<li>${escapeHtml(e)}</li>`)
        .join('')}</ul></div>`
    : ''
}
<form method="post" action="/demo-store/checkouts/${escapeHtml(args.token)}">
<h2>Contact</h2>
${field('email', 'Email', 'email', 'email')}
<h2>Delivery</h2>
<div class="row"><div>${field('firstName', 'First name', 'text', 'given-name')}</div><div>${field('lastName', 'Last name', 'text', 'family-name')}</div></div>
${field('address1', 'Address', 'text', 'address-line1')}
<div class="row"><div>${field('city', 'City', 'text', 'address-level2')}</div><div>${field('zip', 'Postal code', 'text', 'postal-code')}</div></div>
<label for="country">Country</label><select id="country" name="country" autocomplete="country">${COUNTRIES.map(
        ([code, name]) =>
          `<option value="${code}"${code === form.country ? ' selected' : ''}>${name}</option>`,
      ).join('')}</select>
<h2>Payment</h2>
<div class="note">Demo store: no card is needed and no money moves. "Pay now" places a test order and tells DRX about it.</div>
<button type="submit">Pay now</button>
</form>
</section>
${summary(args.lines, args.total)}
</main>`
    : `<main><section class="card"><h1>Your cart is empty</h1><p>Nothing in this checkout can be bought any more.</p></section></main>`;
  return layout('Checkout', body);
}

export function orderStatusPage(args: {
  name: string;
  firstName: string | null;
  email: string;
  status: string;
  warn: boolean;
  tracking: { number: string | null; url: string | null; company: string | null } | null;
  lines: PageLine[];
  total: string;
  backUrl: string;
  justPlaced: boolean;
}): string {
  const tracking = args.tracking
    ? `<p>Shipped${args.tracking.company ? ` with ${escapeHtml(args.tracking.company)}` : ''}${
        args.tracking.number
          ? `: ${
              args.tracking.url
                ? `<a href="${escapeHtml(args.tracking.url)}">${escapeHtml(args.tracking.number)}</a>`
                : escapeHtml(args.tracking.number)
            }`
          : ''
      }</p>`
    : '';
  return layout(
    `Order ${args.name}`,
    `<main>
<section class="card">
<p class="muted">Order ${escapeHtml(args.name)}</p>
<h1>${args.justPlaced ? `Thank you${args.firstName ? `, ${escapeHtml(args.firstName)}` : ''}!` : `Order ${escapeHtml(args.name)}`}</h1>
<p>Your order <strong>${escapeHtml(args.name)}</strong> is confirmed. A confirmation would go to <strong>${escapeHtml(args.email)}</strong> (the demo store sends no mail).</p>
<p>Status: <span class="status${args.warn ? ' warn' : ''}">${escapeHtml(args.status)}</span></p>
${tracking}
<div class="note">Demo store: no money moved. DRX hears about this order through the store's webhooks.</div>
<a class="back" href="${escapeHtml(args.backUrl)}">Back to DRX</a>
</section>
${summary(args.lines, args.total)}
</main>`,
  );
}

export function notFoundPage(message: string): string {
  return layout(
    'Not found',
    `<main><section class="card"><h1>Not found</h1><p>${escapeHtml(message)}</p></section></main>`,
  );
}
