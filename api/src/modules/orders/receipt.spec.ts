import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../certificates/pdf-text';
import { lineKind, type ReceiptData, renderReceiptHtml, renderReceiptPdf } from './receipt';

const RECEIPT: ReceiptData = {
  number: 'DRX-000042',
  status: 'paid',
  createdAt: new Date('2026-11-24T10:00:00Z'),
  paidAt: new Date('2026-11-24T10:01:00Z'),
  refundedAt: null,
  refundReason: null,
  buyerName: 'Mia Member',
  buyerEmail: 'mia@example.com',
  paymentProvider: 'test',
  couponCode: null,
  subtotalCents: 4500,
  discountCents: 0,
  totalCents: 4500,
  lines: [
    { title: 'Warm-Up Mix', itemType: 'resource', unitPriceCents: 1000, quantity: 3, lineTotalCents: 3000 },
    { title: 'Tap Notes', itemType: 'resource', unitPriceCents: 500, quantity: 1, lineTotalCents: 500 },
    { title: 'Ballet Basics', itemType: 'course', unitPriceCents: 1000, quantity: 1, lineTotalCents: 1000 },
  ],
};

function pdfOf(data: ReceiptData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = renderReceiptPdf(data);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

describe('receipt licences', () => {
  it('names the licences a resource line bought, singular for one; a course is a course', () => {
    expect(lineKind({ itemType: 'resource', quantity: 3 })).toBe('Resource · 3 licences');
    expect(lineKind({ itemType: 'resource', quantity: 1 })).toBe('Resource · 1 licence');
    expect(lineKind({ itemType: 'course', quantity: 1 })).toBe('Course');
  });

  it('the HTML receipt shows them under each line', () => {
    const html = renderReceiptHtml(RECEIPT, '/api/orders/x/receipt.pdf');
    expect(html).toContain('Warm-Up Mix<div class="muted">Resource · 3 licences</div>');
    expect(html).toContain('Tap Notes<div class="muted">Resource · 1 licence</div>');
    expect(html).toContain('Ballet Basics<div class="muted">Course</div>');
  });

  it('the PDF receipt prints them', async () => {
    const text = extractPdfText(await pdfOf(RECEIPT));
    expect(text).toContain('Resource · 3 licences');
    expect(text).toContain('Resource · 1 licence');
    expect(text).toContain('Warm-Up Mix');
  });
});
