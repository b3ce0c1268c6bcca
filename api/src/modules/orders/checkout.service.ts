import type { EntityManager } from '@mikro-orm/postgresql';
import { orderLineKind } from './order-line-kinds';
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_ORDER_TOTAL_CENTS } from '../../config';
import { DomainError } from '../../graphql/errors';
import { CartService } from '../cart';
import type { Coupon } from '../coupons';
import { CouponsService } from '../coupons';
import type { PaymentProvider } from '../payments';
import { resourceSellers } from '../resources';
import type { User } from '../users';
import { isUuid } from '../../lib/ids';
import { settleAutomaticRefund } from './automatic-refund';
import { fulfilOrder } from './fulfilment';
import { cancelUnpaid, type CheckoutDraft, lockOpenCheckout, sameCheckout } from './open-checkout';
import { assertCoursesAllowed, deliveryRefusal, lockBuyer } from './purchase-rules';
import { Order } from './order.entity';
import { memberBenefits } from '../memberships';
import {
  allocateDiscount,
  applyMemberDiscount,
  type MemberPricedLine,
  type PricedLine,
} from './order-pricing';
import { money } from './receipt';
import { log } from '../../observability/logger';
import { markFailed, placeOrder, recordPaymentStarted, SOLD_ORDER_KINDS } from './order-lifecycle';

export interface CheckoutQuoteView {
  subtotalCents: number;
  memberDiscountPercent: number;
  memberDiscountCents: number;
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
const ALREADY_PAID = 'This order has already been paid';
const CHECKOUT_BUSY = 'Another checkout of your cart was started at the same time. Please try again.';
const PREVIOUS_BEING_PAID =
  'Your previous checkout is already being paid. Look in My Purchases before checking out again.';
const REPLACED = 'This checkout was replaced by a newer one. Please check out again.';

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
  lines: MemberPricedLine[],
): Promise<{ coupon: Coupon; discountCents: number } | null> {
  if (!code || !code.trim()) return null;
  return new CouponsService(em).quote(code, userId, lines, em);
}

/**
 * The member discount step of checkout, read in `em`'s transaction: the buyer's membership
 * (memberBenefits, the `membership_benefits` rule) gives its resource discount percent; the lines
 * get their member discount, which comes before any coupon (docs/memberships.md "Discounts").
 */
async function memberPricing(
  em: EntityManager,
  userId: string,
  lines: PricedLine[],
): Promise<{ percent: number; lines: MemberPricedLine[]; memberDiscountCents: number }> {
  const percent = (await memberBenefits(em, userId))?.resourceDiscountPercent ?? 0;
  const priced = applyMemberDiscount(lines, percent);
  return {
    percent,
    lines: priced,
    memberDiscountCents: priced.reduce((s, l) => s + l.memberDiscountCents, 0),
  };
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

  /** What the cart costs now: one transaction reads the lines, the membership and the coupon. */
  async quote(user: User, couponCode?: string | null): Promise<CheckoutQuoteView> {
    return this.em.transactional(async (tem) => {
      const lines = await cartLines(tem, user.id);
      const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
      const itemCount = lines.reduce((s, l) => s + l.quantity, 0);
      const member = await memberPricing(tem, user.id, lines);
      let discountCents = 0;
      let couponError: string | null = null;
      let code: string | null = null;
      if (couponCode && couponCode.trim()) {
        try {
          const quoted = await couponFor(tem, couponCode, user.id, member.lines);
          discountCents = quoted?.discountCents ?? 0;
          code = quoted?.coupon.code ?? null;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          couponError = error.message;
        }
      }
      discountCents = Math.min(discountCents, subtotalCents - member.memberDiscountCents);
      return {
        subtotalCents,
        memberDiscountPercent: member.percent,
        memberDiscountCents: member.memberDiscountCents,
        discountCents,
        totalCents: subtotalCents - member.memberDiscountCents - discountCents,
        couponCode: code,
        couponError,
        itemCount,
      };
    });
  }

  /**
   * Makes the order from the cart and starts its payment. One transaction (`place`) under the
   * buyer's lock: the cart is read at catalog prices, member-only courses are checked with the
   * course access rule, the subtotal with MAX_ORDER_TOTAL_CENTS, the coupon quoted and redeemed, the
   * order and its lines inserted. The unique (user, idempotency key) settles repeated submits of one
   * key. A member has one open checkout (the partial unique index on pending orders): an open
   * order for the same purchase is reused (another tab gets the same order and payment), a different
   * one is canceled first — at Stripe too, outside the transaction, before trying again. A total of
   * 0 is paid and fulfilled at once.
   */
  async start(
    user: User,
    input: { idempotencyKey: string; couponCode?: string | null },
    maxTotalCents: number = DEFAULT_MAX_ORDER_TOTAL_CENTS,
  ): Promise<CheckoutStartResult> {
    const key = (input.idempotencyKey ?? '').trim();
    if (!KEY_PATTERN.test(key)) {
      throw new DomainError(
        'INVALID_INPUT',
        'The idempotency key must be 8 to 100 letters, digits or - _ . :',
        'idempotencyKey',
      );
    }
    let orderId: string | null = null;
    for (let attempt = 0; orderId === null; attempt += 1) {
      const placed = await this.em.transactional((tem) =>
        this.place(tem, user.id, key, input.couponCode, maxTotalCents),
      );
      if ('orderId' in placed) {
        orderId = placed.orderId;
      } else {
        if (attempt >= 2) throw new DomainError('CONFLICT', CHECKOUT_BUSY);
        await this.cancelOpenPayment(user, placed.cancelFirst);
      }
    }

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
      log().error({ err: error }, '[checkout] payment could not be started');
      throw new DomainError('PAYMENT_FAILED', 'The payment could not be started. Please try again.');
    }
    const stored = await recordPaymentStarted(this.em, order.id, session.reference);
    order = await this.load(order.id);
    if (!stored && order.paymentReference !== session.reference) {
      // Not stored: a concurrent submit of this order stored its own payment first (the test
      // provider makes a new one per call; Stripe's is the same), or a newer checkout replaced the
      // order. This payment is not the order's, so nobody may pay it.
      await this.payments.cancelPayment(session.reference).catch((error: unknown) => {
        log().error(
          { err: error },
          `[checkout] an unused payment of order ${order.number} could not be canceled`,
        );
      });
      if (order.status !== 'pending') throw new DomainError('CONFLICT', REPLACED);
      return { order, payment };
    }
    return { order, payment: { ...payment, clientSecret: session.clientSecret } };
  }

  /** The transaction of `start`: the order id, or the open Stripe order to cancel before trying again. */
  private async place(
    tem: EntityManager,
    userId: string,
    key: string,
    couponCode: string | null | undefined,
    maxTotalCents: number,
  ): Promise<{ orderId: string } | { cancelFirst: string }> {
    // The buyer's checkouts and fulfilments take this lock first, so they happen one after another.
    const buyer = await lockBuyer(tem, userId);
    const [existing] = await tem.execute<{ id: string }[]>(
      'select id from orders where user_id = ? and idempotency_key = ?',
      [userId, key],
    );
    if (existing) return { orderId: existing.id };

    // Lines already owned or already in a paid order are left out (CartService.linesFor).
    const lines = await cartLines(tem, userId);
    if (!lines.length) throw new DomainError('EMPTY_CART', EMPTY_CART);
    await assertCoursesAllowed(tem, buyer, lines);
    const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
    if (subtotalCents > maxTotalCents) {
      throw new DomainError(
        'INVALID_INPUT',
        `An order can come to at most ${money(maxTotalCents)}, and your cart comes to ${money(subtotalCents)}. Remove some items to check out.`,
      );
    }
    // The member discount first (the membership as the view says now, in this transaction), then
    // the coupon on what is left of the lines.
    const member = await memberPricing(tem, userId, lines);
    const quoted = await couponFor(tem, couponCode, userId, member.lines);
    const discountCents = Math.min(quoted?.discountCents ?? 0, subtotalCents - member.memberDiscountCents);
    const totalCents = subtotalCents - member.memberDiscountCents - discountCents;
    // No payment provider (production without Stripe or test mode): refused before any order.
    if (totalCents > 0) this.payments.assertAvailable();
    const provider = totalCents === 0 ? 'free' : this.payments.name;
    const allocated = allocateDiscount(member.lines, discountCents, quoted?.coupon.scope ?? 'all');
    const draft: CheckoutDraft = {
      lines: allocated,
      couponCode: quoted?.coupon.code ?? null,
      subtotalCents,
      memberDiscountCents: member.memberDiscountCents,
      discountCents,
      provider,
    };

    const open = await lockOpenCheckout(tem, userId);
    if (open) {
      if (await sameCheckout(tem, open, draft)) return { orderId: open.id };
      // A Stripe payment may be under way: it is canceled at Stripe first (outside this transaction).
      if (open.payment_provider === 'stripe' && open.payment_reference && this.payments.name === 'stripe') {
        return { cancelFirst: open.id };
      }
      // The old order's coupon is given back and the new one taken: both rows locked in id order first.
      await new CouponsService(tem).lockForReplace(tem, open.id, quoted?.coupon.id ?? null);
      await cancelUnpaid(tem, open.id);
    }

    const id = randomUUID();
    const inserted = await placeOrder(tem, {
      id,
      userId,
      kind: 'cart',
      status: 'pending',
      subtotalCents,
      memberDiscountPercent: member.percent,
      memberDiscountCents: member.memberDiscountCents,
      discountCents,
      totalCents,
      paymentProvider: provider,
      idempotencyKey: key,
      coupon: quoted ? { id: quoted.coupon.id, code: quoted.coupon.code } : null,
    });
    if (!inserted) {
      // A concurrent submit committed first: with the same key, or another open checkout.
      const [same] = await tem.execute<{ id: string }[]>(
        'select id from orders where user_id = ? and idempotency_key = ?',
        [userId, key],
      );
      if (same) return { orderId: same.id };
      const other = await lockOpenCheckout(tem, userId);
      if (other && (await sameCheckout(tem, other, draft))) return { orderId: other.id };
      throw new DomainError('CONFLICT', CHECKOUT_BUSY);
    }

    const resourceIds = allocated.filter((l) => l.itemType === 'resource').map((l) => l.itemId);
    const sellers = await resourceSellers(tem, resourceIds);
    let position = 0;
    for (const line of allocated) {
      await tem.execute(
        `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents,
           quantity, line_total_cents, member_discount_cents, discount_cents, image_url, seller_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
          line.memberDiscountCents,
          line.discountCents,
          line.imageUrl,
          line.itemType === 'resource' ? (sellers.get(line.itemId) ?? null) : null,
        ],
      );
    }
    if (quoted) {
      await new CouponsService(tem).redeem(tem, {
        couponId: quoted.coupon.id,
        userId,
        orderId: id,
        discountCents,
      });
    }
    if (totalCents === 0) await fulfilOrder(tem, id);
    return { orderId: id };
  }

  /** Cancels the open Stripe order (its PaymentIntent first) before a different checkout replaces it. */
  private async cancelOpenPayment(user: User, orderId: string): Promise<void> {
    try {
      await this.cancel(user, orderId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'CONFLICT') {
        throw new DomainError('CONFLICT', PREVIOUS_BEING_PAID);
      }
      throw error;
    }
  }

  /**
   * After the buyer paid: the test provider's confirm is the payment; with Stripe the PaymentIntent
   * is read and a succeeded one fulfils the order (the webhook may have done so already — then
   * nothing happens twice). A payment still open leaves the order pending. Without money taken
   * (test, free) an order that cannot be delivered is canceled with the reason; with Stripe it is
   * refunded automatically (fulfilment refuses it) and the reason is the answer.
   */
  async confirm(user: User, orderId: string): Promise<Order> {
    const order = await this.buyerOrder(user, orderId);
    if (order.status === 'paid') return order;
    if (order.status === 'refunded' || order.status === 'canceled') {
      throw new DomainError('CONFLICT', `This order is ${order.status}`, 'orderId');
    }
    if (order.paymentProvider === 'free') return this.payWithoutProvider(order.id);
    this.assertProvider(order);
    if (order.paymentProvider === 'test') return this.payWithoutProvider(order.id);
    if (!order.paymentReference) {
      throw new DomainError('PAYMENT_FAILED', 'The payment of this order was not started', 'orderId');
    }
    const payment = await this.payments.retrievePayment(order.paymentReference);
    if (payment.status === 'succeeded') {
      if (payment.amountCents !== order.totalCents) {
        log().error(
          `[checkout] ${order.number}: paid ${payment.amountCents} for a total of ${order.totalCents}`,
        );
        throw new DomainError('PAYMENT_FAILED', 'The amount paid does not match the order total', 'orderId');
      }
      const paid = await this.fulfilPaid(order.id);
      if (paid.status === 'refunded') {
        throw new DomainError('CONFLICT', paid.refundReason ?? 'This order is refunded', 'orderId');
      }
      return paid;
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

  /** Pays a test or free order: delivered when it may be, else canceled (no money was taken). */
  private async payWithoutProvider(orderId: string): Promise<Order> {
    const refusal = await this.em.transactional(async (tem) => {
      const refusal = await deliveryRefusal(tem, orderId);
      if (refusal) {
        await cancelUnpaid(tem, orderId);
        return refusal;
      }
      await fulfilOrder(tem, orderId);
      return null;
    });
    if (refusal) {
      throw new DomainError(
        refusal.code,
        `${refusal.message}: this order is canceled, nothing was charged`,
        'orderId',
      );
    }
    return this.load(orderId);
  }

  /** Fulfils an order whose money was taken; an undeliverable one is refunded at once. */
  private async fulfilPaid(orderId: string): Promise<Order> {
    await this.em.transactional((tem) => fulfilOrder(tem, orderId));
    await settleAutomaticRefund(this.em, this.payments, orderId);
    return this.load(orderId);
  }

  /**
   * The buyer abandons an unpaid order: its payment is canceled and its coupon use given back. The
   * cancel is a conditional UPDATE (`… where status in ('pending', 'failed')`): when the order was
   * paid meanwhile (a confirm or webhook won the race) nothing changes and the answer says so.
   */
  async cancel(user: User, orderId: string): Promise<Order> {
    const order = await this.buyerOrder(user, orderId);
    if (order.status === 'canceled') return order;
    if (order.status === 'paid') throw new DomainError('CONFLICT', ALREADY_PAID, 'orderId');
    if (order.status !== 'pending' && order.status !== 'failed') {
      throw new DomainError('CONFLICT', `A ${order.status} order cannot be canceled`, 'orderId');
    }
    if (order.paymentProvider === 'stripe' && order.paymentReference) {
      this.assertProvider(order);
      const reference = order.paymentReference;
      const paidAlready = async () => {
        const payment = await this.payments.retrievePayment(reference);
        if (payment.status !== 'succeeded' && payment.status !== 'processing') return;
        if (payment.status === 'succeeded') await this.fulfilPaid(order.id);
        throw new DomainError('CONFLICT', ALREADY_PAID, 'orderId');
      };
      await paidAlready();
      await this.payments.cancelPayment(reference);
      // The buyer may have paid between the two calls (cancelPayment leaves a paid intent alone).
      await paidAlready();
    } else if (order.paymentReference) {
      await this.payments.cancelPayment(order.paymentReference);
    }
    const canceled = await this.em.transactional(async (tem) => {
      const done = await cancelUnpaid(tem, order.id);
      // A booking order's held time is freed with it (not 10 minutes later).
      if (done && order.kind === 'booking') await orderLineKind('booking').releaseHolds(tem, order.id);
      return done;
    });
    const now = await this.load(order.id);
    if (canceled || now.status === 'canceled') return now;
    if (now.status === 'paid') throw new DomainError('CONFLICT', ALREADY_PAID, 'orderId');
    throw new DomainError('CONFLICT', `A ${now.status} order cannot be canceled`, 'orderId');
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
      ? await this.em.findOne(
          Order,
          { id: orderId, user: user.id, kind: { $in: SOLD_ORDER_KINDS } },
          { refresh: true },
        )
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
  const failed = await markFailed(em, orderId);
  if (failed) await new CouponsService(em).release(em, orderId);
  return failed;
}
