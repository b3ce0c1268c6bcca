import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { CartService } from '../cart/cart.service';
import type { Coupon } from '../coupons/coupon.entity';
import { CouponsService } from '../coupons/coupons.service';
import type { PaymentProvider } from '../payments/payment-provider';
import type { User } from '../users/user.entity';
import { isUuid } from '../users/users.service';
import { fulfilOrder } from './fulfilment';
import { Order } from './order.entity';
import { allocateDiscount, type PricedLine } from './order-pricing';

export interface CheckoutQuoteView {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
  couponError: string | null;
  itemCount: number;
}

export interface PaymentSessionView {
  provider: string;
  clientSecret: string | null;
  publishableKey: string | null;
}

export interface CheckoutStartResult {
  order: Order;
  payment: PaymentSessionView;
}

export const ORDER_NOT_FOUND = 'Order not found';
const EMPTY_CART = 'Your cart is empty';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The buyer's cart at today's catalog prices (CartService.linesFor), read in `em`'s transaction. */
async function cartLines(em: EntityManager, userId: string): Promise<PricedLine[]> {
  const lines = await new CartService(em).linesFor(userId, em);
  return lines.map((l) => ({
    itemType: l.itemType,
    itemId: l.itemId,
    title: l.title,
    unitPriceCents: l.unitPriceCents,
    quantity: l.quantity,
    imageUrl: l.imageUrl,
  }));
}

/** The coupon step of checkout: what a code takes off these lines (throws the coupon's DomainError). */
async function couponFor(
  em: EntityManager,
  code: string | null | undefined,
  userId: string,
  lines: PricedLine[],
): Promise<{ coupon: Coupon; discountCents: number } | null> {
  if (!code || !code.trim()) return null;
  return new CouponsService(em).quote(code, userId, lines, em);
}

/**
 * Checkout: a quote of the cart, an order made from it in one transaction (idempotent per
 * member and key), and the payment through the app's PaymentProvider. Fulfilment is `fulfilOrder`.
 */
export class CheckoutService {
  constructor(
    private readonly em: EntityManager,
    private readonly payments: PaymentProvider,
  ) {}

  async quote(user: User, couponCode?: string | null): Promise<CheckoutQuoteView> {
    const lines = await cartLines(this.em, user.id);
    const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
    const itemCount = lines.reduce((s, l) => s + l.quantity, 0);
    let discountCents = 0;
    let couponError: string | null = null;
    let code: string | null = null;
    if (couponCode && couponCode.trim()) {
      try {
        const quoted = await couponFor(this.em, couponCode, user.id, lines);
        discountCents = quoted?.discountCents ?? 0;
        code = quoted?.coupon.code ?? null;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        couponError = error.message;
      }
    }
    discountCents = Math.min(discountCents, subtotalCents);
    return {
      subtotalCents,
      discountCents,
      totalCents: subtotalCents - discountCents,
      couponCode: code,
      couponError,
      itemCount,
    };
  }

  /**
   * Makes the order from the cart and starts its payment. One transaction: the cart is read at
   * catalog prices, the coupon quoted and redeemed, the order and its lines inserted. The unique
   * (user, idempotency key) settles repeated and concurrent submits: the insert of the second waits
   * for the first and then returns the existing order. A total of 0 is paid and fulfilled at once.
   */
  async start(
    user: User,
    input: { idempotencyKey: string; couponCode?: string | null },
  ): Promise<CheckoutStartResult> {
    const key = (input.idempotencyKey ?? '').trim();
    if (!KEY_PATTERN.test(key)) {
      throw new DomainError(
        'INVALID_INPUT',
        'The idempotency key must be 8 to 100 letters, digits or - _ . :',
        'idempotencyKey',
      );
    }
    const orderId = await this.em.transactional(async (tem) => {
      const [existing] = await tem.execute<{ id: string }[]>(
        'select id from orders where user_id = ? and idempotency_key = ?',
        [user.id, key],
      );
      if (existing) return existing.id;

      const lines = await cartLines(tem, user.id);
      if (!lines.length) throw new DomainError('EMPTY_CART', EMPTY_CART);
      const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
      const quoted = await couponFor(tem, input.couponCode, user.id, lines);
      const discountCents = Math.min(quoted?.discountCents ?? 0, subtotalCents);
      const totalCents = subtotalCents - discountCents;
      // No payment provider (production without Stripe or test mode): refused before any order.
      if (totalCents > 0) this.payments.assertAvailable();
      const provider = totalCents === 0 ? 'free' : this.payments.name;

      const id = randomUUID();
      const inserted = await tem.execute<{ id: string }[]>(
        `insert into orders (id, user_id, status, currency, subtotal_cents, discount_cents, total_cents,
           payment_provider, idempotency_key, coupon_id, coupon_code, created_at, updated_at)
         values (?, ?, 'pending', 'USD', ?, ?, ?, ?, ?, ?, ?, clock_timestamp(), clock_timestamp())
         on conflict (user_id, idempotency_key) do nothing returning id`,
        [
          id,
          user.id,
          subtotalCents,
          discountCents,
          totalCents,
          provider,
          key,
          quoted?.coupon.id ?? null,
          quoted?.coupon.code ?? null,
        ],
      );
      if (!inserted.length) {
        // A concurrent submit with the same key committed first: answer with its order.
        const [other] = await tem.execute<{ id: string }[]>(
          'select id from orders where user_id = ? and idempotency_key = ?',
          [user.id, key],
        );
        return other.id;
      }

      const allocated = allocateDiscount(lines, discountCents, quoted?.coupon.scope ?? 'all');
      const resourceIds = allocated.filter((l) => l.itemType === 'resource').map((l) => l.itemId);
      const sellers = new Map<string, string>();
      if (resourceIds.length) {
        const rows = await tem.execute<{ id: string; seller_id: string }[]>(
          `select id, seller_id from resources where id in (${resourceIds.map(() => '?').join(', ')})`,
          resourceIds,
        );
        for (const r of rows) sellers.set(r.id, r.seller_id);
      }
      let position = 0;
      for (const line of allocated) {
        await tem.execute(
          `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents,
             quantity, line_total_cents, discount_cents, image_url, seller_id)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            randomUUID(),
            id,
            position++,
            line.itemType,
            line.itemId,
            line.title,
            line.unitPriceCents,
            line.quantity,
            line.lineTotalCents,
            line.discountCents,
            line.imageUrl,
            line.itemType === 'resource' ? (sellers.get(line.itemId) ?? null) : null,
          ],
        );
      }
      if (quoted) {
        await new CouponsService(tem).redeem(tem, {
          couponId: quoted.coupon.id,
          userId: user.id,
          orderId: id,
          discountCents,
        });
      }
      if (totalCents === 0) await fulfilOrder(tem, id);
      return id;
    });

    let order = await this.load(orderId);
    const payment: PaymentSessionView = {
      provider: order.paymentProvider,
      clientSecret: null,
      publishableKey: order.paymentProvider === 'stripe' ? this.payments.publishableKey : null,
    };
    if (order.status !== 'pending' || order.paymentProvider === 'free') return { order, payment };
    this.assertProvider(order);
    if (order.paymentProvider === 'test' && order.paymentReference) return { order, payment };

    let session;
    try {
      // The order id is the Stripe idempotency key: a repeated submit gets the same PaymentIntent.
      session = await this.payments.createPayment({
        amountCents: order.totalCents,
        currency: 'usd',
        idempotencyKey: order.id,
        description: `DRX order ${order.number}`,
        metadata: { orderId: order.id, orderNumber: order.number, userId: user.id },
      });
    } catch (error) {
      console.error('[checkout] payment could not be started', error);
      throw new DomainError('PAYMENT_FAILED', 'The payment could not be started. Please try again.');
    }
    await this.em.execute(
      `update orders set payment_reference = ?, updated_at = now() where id = ? and payment_reference is null`,
      [session.reference, order.id],
    );
    order = await this.load(order.id);
    return { order, payment: { ...payment, clientSecret: session.clientSecret } };
  }

  /**
   * After the buyer paid: the test provider's confirm is the payment; with Stripe the PaymentIntent
   * is read and a succeeded one fulfils the order (the webhook may have done so already — then
   * nothing happens twice). A payment still open leaves the order pending.
   */
  async confirm(user: User, orderId: string): Promise<Order> {
    const order = await this.buyerOrder(user, orderId);
    if (order.status === 'paid') return order;
    if (order.status === 'refunded' || order.status === 'canceled') {
      throw new DomainError('CONFLICT', `This order is ${order.status}`, 'orderId');
    }
    if (order.paymentProvider === 'free') {
      await this.em.transactional((tem) => fulfilOrder(tem, order.id));
      return this.load(order.id);
    }
    this.assertProvider(order);
    if (order.paymentProvider === 'test') {
      await this.em.transactional((tem) => fulfilOrder(tem, order.id));
      return this.load(order.id);
    }
    if (!order.paymentReference) {
      throw new DomainError('PAYMENT_FAILED', 'The payment of this order was not started', 'orderId');
    }
    const payment = await this.payments.retrievePayment(order.paymentReference);
    if (payment.status === 'succeeded') {
      if (payment.amountCents !== order.totalCents) {
        console.error(
          `[checkout] ${order.number}: paid ${payment.amountCents} for a total of ${order.totalCents}`,
        );
        throw new DomainError('PAYMENT_FAILED', 'The amount paid does not match the order total', 'orderId');
      }
      await this.em.transactional((tem) => fulfilOrder(tem, order.id));
      return this.load(order.id);
    }
    if (payment.status === 'canceled') {
      await this.em.transactional((tem) => markOrderFailed(tem, order.id));
      throw new DomainError('PAYMENT_FAILED', 'The payment was canceled', 'orderId');
    }
    if (payment.status === 'requires_payment') {
      throw new DomainError('PAYMENT_FAILED', 'The payment has not been completed yet', 'orderId');
    }
    return this.load(order.id); // processing: the webhook will finish it
  }

  /** The buyer abandons an unpaid order: its payment is canceled and its coupon use given back. */
  async cancel(user: User, orderId: string): Promise<Order> {
    const order = await this.buyerOrder(user, orderId);
    if (order.status === 'canceled') return order;
    if (order.status !== 'pending' && order.status !== 'failed') {
      throw new DomainError('CONFLICT', `A ${order.status} order cannot be canceled`, 'orderId');
    }
    if (order.paymentProvider === 'stripe' && order.paymentReference) {
      this.assertProvider(order);
      const reference = order.paymentReference;
      const paidAlready = async () => {
        const payment = await this.payments.retrievePayment(reference);
        if (payment.status !== 'succeeded' && payment.status !== 'processing') return;
        if (payment.status === 'succeeded') await this.em.transactional((tem) => fulfilOrder(tem, order.id));
        throw new DomainError('CONFLICT', 'This order has already been paid', 'orderId');
      };
      await paidAlready();
      await this.payments.cancelPayment(reference);
      // The buyer may have paid between the two calls (cancelPayment leaves a paid intent alone).
      await paidAlready();
    } else if (order.paymentReference) {
      await this.payments.cancelPayment(order.paymentReference);
    }
    await this.em.transactional(async (tem) => {
      const rows = await tem.execute<{ id: string }[]>(
        `update orders set status = 'canceled', canceled_at = now(), updated_at = now()
         where id = ? and status in ('pending', 'failed') returning id`,
        [order.id],
      );
      if (rows.length) await new CouponsService(tem).release(tem, order.id);
    });
    return this.load(order.id);
  }

  private assertProvider(order: Order): void {
    if (order.paymentProvider !== this.payments.name) {
      throw new DomainError(
        'CONFLICT',
        `This order was made with the ${order.paymentProvider} payment provider, which is not active`,
        'orderId',
      );
    }
  }

  private async buyerOrder(user: User, orderId: string): Promise<Order> {
    const order = isUuid(orderId)
      ? await this.em.findOne(Order, { id: orderId, user: user.id }, { refresh: true })
      : null;
    if (!order) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND, 'orderId');
    return order;
  }

  private load(id: string): Promise<Order> {
    return this.em.findOneOrFail(Order, { id }, { refresh: true });
  }
}

/** A failed payment: pending → failed (never a paid order) and the coupon use given back. */
export async function markOrderFailed(em: EntityManager, orderId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update orders set status = 'failed', failed_at = now(), updated_at = now()
     where id = ? and status = 'pending' returning id`,
    [orderId],
  );
  if (rows.length) await new CouponsService(em).release(em, orderId);
  return rows.length > 0;
}
