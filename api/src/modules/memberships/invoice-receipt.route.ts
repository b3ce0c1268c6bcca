import type { RequestHandler } from 'express';
import { staticPagePolicy } from '../../http/security-headers';
import type { ContextFactory } from '../../graphql/context';
import { RECEIPT_STYLE, renderReceiptHtml, renderReceiptPdf, type ReceiptData } from '../orders';
import { hasRole } from '../users';
import { MembershipsService } from './memberships.service';

const RECEIPT_POLICY = staticPagePolicy([RECEIPT_STYLE]);

/**
 * GET /api/subscription/invoices/:id/receipt (HTML) and …/receipt.pdf: a membership invoice's
 * receipt, as orders have, for its member and admins; 401 signed out, 404 for anyone else's.
 */
export function invoiceReceiptRoute(createContext: ContextFactory, format: 'html' | 'pdf'): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.user) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      const service = new MembershipsService(ctx.em, ctx.payments, ctx.config);
      const invoice = await service.invoice(ctx.user, String(req.params.id), hasRole(ctx.viewer, 'admin'));
      if (!invoice) {
        res.status(404).json({ message: 'Invoice not found' });
        return;
      }
      const member = invoice.user.getEntity();
      const subscription = invoice.subscription.getEntity();
      const data: ReceiptData = {
        number: invoice.number,
        status: invoice.status,
        createdAt: invoice.createdAt,
        paidAt: invoice.paidAt ?? null,
        refundedAt: null,
        refundReason: null,
        buyerName: [member.firstName, member.lastName].filter(Boolean).join(' ') || member.username,
        buyerEmail: member.email ?? null,
        paymentProvider: subscription.provider === 'stripe' ? 'stripe' : 'test',
        couponCode: null,
        subtotalCents: invoice.amountCents,
        discountCents: 0,
        totalCents: invoice.amountCents,
        lines: [
          {
            title: invoice.description,
            itemType: 'membership',
            unitPriceCents: invoice.amountCents,
            quantity: 1,
            lineTotalCents: invoice.amountCents,
          },
        ],
      };
      res.setHeader('Cache-Control', 'private, no-store');
      if (format === 'html') {
        res.setHeader('Content-Security-Policy', RECEIPT_POLICY);
        res
          .type('html')
          .send(renderReceiptHtml(data, `/api/subscription/invoices/${invoice.id}/receipt.pdf`));
        return;
      }
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="DRX-receipt-${invoice.number}.pdf"`);
      const doc = renderReceiptPdf(data);
      doc.on('error', next);
      doc.pipe(res);
      doc.end();
    } catch (error) {
      next(error);
    }
  };
}
