import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { licenceLabel } from '../licences';
import { escapeHtml } from '../mail';

/** What a receipt shows (HTML page and PDF). */
export interface ReceiptData {
  number: string;
  status: string;
  createdAt: Date;
  paidAt: Date | null;
  refundedAt: Date | null;
  refundReason: string | null;
  /** How much was refunded (a partial refund keeps a booking's late fee); absent: the total. */
  refundedCents?: number;
  buyerName: string;
  buyerEmail: string | null;
  paymentProvider: string;
  couponCode: string | null;
  subtotalCents: number;
  /** What the membership took off the resource lines (absent or 0: no line). */
  memberDiscountCents?: number;
  memberDiscountPercent?: number;
  /** What a membership lesson credit paid (a booking order paid with a credit; absent or 0: no line). */
  creditCents?: number;
  discountCents: number;
  totalCents: number;
  lines: {
    title: string;
    itemType: string;
    unitPriceCents: number;
    quantity: number;
    lineTotalCents: number;
  }[];
}

export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "Refunded", "Refunded $30.00 of $60.00" for a partial refund, or "Lesson credit given back" for
 * an order paid with a membership credit (nothing was charged, so no money went back).
 */
export function refundedLabel(
  r: Pick<ReceiptData, 'refundedCents' | 'totalCents'> & { paymentProvider?: string },
): string {
  if (r.paymentProvider === 'credit') return 'Lesson credit given back';
  if (r.refundedCents === undefined || r.refundedCents >= r.totalCents) return 'Refunded';
  return `Refunded ${money(r.refundedCents)} of ${money(r.totalCents)}`;
}

/** Under a line's title: "Course", "Booked session", or "Resource · 3 licences" (quantity N of a resource is N licences). */
export function lineKind(line: { itemType: string; quantity: number }): string {
  if (line.itemType === 'booking') return 'Booked session';
  if (line.itemType === 'membership') return 'Membership';
  return line.itemType === 'course' ? 'Course' : `Resource · ${licenceLabel(line.quantity)}`;
}

/** "Member discount (10%)": the receipt's line for what the membership took off. */
export function memberDiscountLabel(r: Pick<ReceiptData, 'memberDiscountPercent'>): string {
  return r.memberDiscountPercent ? `Member discount (${r.memberDiscountPercent}%)` : 'Member discount';
}

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const STATUS_TEXT: Record<string, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  canceled: 'Canceled',
  open: 'Payment due',
  void: 'Void',
};

const PROVIDER_TEXT: Record<string, string> = {
  stripe: 'Card (Stripe)',
  test: 'Test payment (no money moved)',
  free: 'No payment needed',
  credit: 'Paid with a membership credit',
};

/** The receipt's line for what a membership lesson credit paid. */
export const CREDIT_LABEL = 'Membership credit';

/** The receipt page's only style (its Content-Security-Policy allows exactly this block, by hash). */
export const RECEIPT_STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a202c;max-width:720px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}.muted{color:#718096;font-size:.85rem}
table{width:100%;border-collapse:collapse;margin:1.5rem 0}th,td{padding:.5rem;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}
.num{text-align:right;white-space:nowrap}tfoot td{border:none}.total td{font-weight:700;font-size:1.1rem}
.refund{color:#c53030}.actions{margin-top:2rem}@media print{.actions{display:none}}
`;

/** The receipt as a self-contained, printable HTML page. */
export function renderReceiptHtml(r: ReceiptData, pdfUrl: string): string {
  const rows = r.lines
    .map(
      (l) => `<tr><td>${escapeHtml(l.title)}<div class="muted">${lineKind(l)}</div></td>
<td class="num">${money(l.unitPriceCents)}</td><td class="num">${l.quantity}</td><td class="num">${money(l.lineTotalCents)}</td></tr>`,
    )
    .join('\n');
  const member = r.memberDiscountCents
    ? `<tr><td colspan="3">${memberDiscountLabel(r)}</td><td class="num">-${money(r.memberDiscountCents)}</td></tr>`
    : '';
  const credit = r.creditCents
    ? `<tr><td colspan="3">${CREDIT_LABEL}</td><td class="num">-${money(r.creditCents)}</td></tr>`
    : '';
  const discount = r.discountCents
    ? `<tr><td colspan="3">Discount${r.couponCode ? ` (${escapeHtml(r.couponCode)})` : ''}</td><td class="num">-${money(r.discountCents)}</td></tr>`
    : '';
  const refund = r.refundedAt
    ? `<p class="refund">${refundedLabel(r)} on ${day(r.refundedAt)}${r.refundReason ? `: ${escapeHtml(r.refundReason)}` : ''}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt ${escapeHtml(r.number)} — DRX</title>
<style>${RECEIPT_STYLE}</style></head>
<body>
<h1>DRX receipt</h1>
<div class="muted">Order ${escapeHtml(r.number)} · ${day(r.createdAt)} · ${STATUS_TEXT[r.status] ?? escapeHtml(r.status)}</div>
<p>Billed to ${escapeHtml(r.buyerName)}${r.buyerEmail ? ` &lt;${escapeHtml(r.buyerEmail)}&gt;` : ''}</p>
<table><thead><tr><th>Item</th><th class="num">Price</th><th class="num">Qty</th><th class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><td colspan="3">Subtotal</td><td class="num">${money(r.subtotalCents)}</td></tr>
${member}
${discount}
${credit}
<tr class="total"><td colspan="3">Total (USD)</td><td class="num">${money(r.totalCents)}</td></tr>
</tfoot></table>
<p class="muted">Payment: ${PROVIDER_TEXT[r.paymentProvider] ?? escapeHtml(r.paymentProvider)}${r.paidAt ? ` · paid on ${day(r.paidAt)}` : ''}</p>
${refund}
<p class="actions"><a href="${escapeHtml(pdfUrl)}">Download PDF</a> · print this page from your browser</p>
</body></html>`;
}

const FONT_DIR = `${require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, '')}ttf/`;
let fonts: { sans: Buffer; sansBold: Buffer } | null = null;
function fontFiles() {
  fonts ??= {
    sans: fs.readFileSync(`${FONT_DIR}DejaVuSans.ttf`),
    sansBold: fs.readFileSync(`${FONT_DIR}DejaVuSans-Bold.ttf`),
  };
  return fonts;
}

/** The receipt on an A4 page (uncompressed, so its text stays searchable); pipe it, then `end()`. */
export function renderReceiptPdf(r: ReceiptData): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `DRX receipt ${r.number}`, Author: 'DRX', Creator: 'DRX' },
    displayTitle: true,
    lang: 'en-US',
  });
  const f = fontFiles();
  doc.registerFont('sans', f.sans);
  doc.registerFont('sansBold', f.sansBold);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const cols = { price: left + width * 0.58, qty: left + width * 0.74, amount: left + width * 0.82 };

  doc.font('sansBold').fontSize(20).fillColor('#1a202c').text('DRX receipt', left, 56);
  doc.font('sans').fontSize(10).fillColor('#718096');
  doc.text(`Order ${r.number} · ${day(r.createdAt)} · ${STATUS_TEXT[r.status] ?? r.status}`);
  doc
    .moveDown(0.5)
    .fillColor('#1a202c')
    .text(`Billed to ${r.buyerName}${r.buyerEmail ? ` <${r.buyerEmail}>` : ''}`);
  doc.moveDown(1.2);

  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'sansBold' : 'sans')
      .fontSize(10)
      .fillColor('#1a202c');
    doc.text(cells[0], left, y, { width: cols.price - left - 8 });
    const after = doc.y;
    doc.text(cells[1], cols.price, y, { width: cols.qty - cols.price - 8, align: 'right' });
    doc.text(cells[2], cols.qty, y, { width: cols.amount - cols.qty - 8, align: 'right' });
    doc.text(cells[3], cols.amount, y, { width: right - cols.amount, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#e2e8f0').lineWidth(0.5).stroke();
    doc.y += 6;
  };
  row(['Item', 'Price', 'Qty', 'Amount'], true);
  for (const l of r.lines)
    row([`${l.title}\n${lineKind(l)}`, money(l.unitPriceCents), String(l.quantity), money(l.lineTotalCents)]);
  row(['Subtotal', '', '', money(r.subtotalCents)]);
  if (r.memberDiscountCents) row([memberDiscountLabel(r), '', '', `-${money(r.memberDiscountCents)}`]);
  if (r.discountCents)
    row([`Discount${r.couponCode ? ` (${r.couponCode})` : ''}`, '', '', `-${money(r.discountCents)}`]);
  if (r.creditCents) row([CREDIT_LABEL, '', '', `-${money(r.creditCents)}`]);
  row(['Total (USD)', '', '', money(r.totalCents)], true);

  doc.moveDown(1).font('sans').fontSize(9).fillColor('#718096');
  doc.text(
    `Payment: ${PROVIDER_TEXT[r.paymentProvider] ?? r.paymentProvider}${r.paidAt ? ` · paid on ${day(r.paidAt)}` : ''}`,
    left,
  );
  if (r.refundedAt) {
    doc.moveDown(0.5).fillColor('#c53030');
    doc.text(
      `${refundedLabel(r)} on ${day(r.refundedAt)}${r.refundReason ? `: ${r.refundReason}` : ''}`,
      left,
    );
  }
  return doc;
}
