import { Reference } from '@mikro-orm/core';
import type { RequestHandler } from 'express';
import type { ContextFactory } from '../../graphql/context';
import { staticPagePolicy } from '../../http/security-headers';
import { maySeePrivateFields } from '../users';
import { RECEIPT_STYLE, renderReceiptHtml, renderReceiptPdf, type ReceiptData } from './receipt';

const RECEIPT_POLICY = staticPagePolicy([RECEIPT_STYLE]);

/**
 * GET /api/orders/:id/receipt (HTML page) and /api/orders/:id/receipt.pdf, for the order's buyer
 * and staff: 401 signed out, 404 for an unknown order or anyone else's. The buyer's email shows
 * where the graph shows it (the buyer and admins).
 */
export function receiptRoute(createContext: ContextFactory, format: 'html' | 'pdf'): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.user) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      const order = await ctx.services.orders.order(ctx.user, String(req.params.id));
      if (!order) {
        res.status(404).json({ message: 'Order not found' });
        return;
      }
      const [lines, buyer] = await Promise.all([
        ctx.services.orders.lines(order),
        Reference.create(order.user).loadOrFail(),
      ]);
      const data: ReceiptData = {
        number: order.number,
        status: order.status,
        createdAt: order.createdAt,
        paidAt: order.paidAt ?? null,
        refundedAt: order.refundedAt ?? null,
        refundReason: order.refundReason ?? null,
        refundedCents: order.refundedCents,
        buyerName: [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || buyer.username,
        // Only where the graph shows User.email: to the buyer and admins (not curriculum officers).
        buyerEmail: maySeePrivateFields(ctx.viewer, buyer) ? (buyer.email ?? null) : null,
        paymentProvider: order.paymentProvider,
        couponCode: order.couponCode ?? null,
        subtotalCents: order.subtotalCents,
        memberDiscountCents: order.memberDiscountCents,
        memberDiscountPercent: order.memberDiscountPercent,
        creditCents: order.creditCents,
        discountCents: order.discountCents,
        totalCents: order.totalCents,
        lines,
      };
      res.setHeader('Cache-Control', 'private, no-store');
      if (format === 'html') {
        res.setHeader('Content-Security-Policy', RECEIPT_POLICY);
        res.type('html').send(renderReceiptHtml(data, `/api/orders/${order.id}/receipt.pdf`));
        return;
      }
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="DRX-receipt-${order.number}.pdf"`);
      const doc = renderReceiptPdf(data);
      doc.on('error', next);
      doc.pipe(res);
      doc.end();
    } catch (error) {
      next(error);
    }
  };
}
