import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { User } from '../users';
import type { CheckoutStartResult } from './checkout.service';
import { OrderLine } from './order-line.entity';
import { Order } from './order.entity';
import { isOrderStaff } from './orders.service';
import { orderHistory } from './order-history';
import { RefundsDueResolver } from './refunds-due.resolver';
import { applyTestDashboard } from './test-dashboard';
import {
  CheckoutQuote,
  CheckoutStartInput,
  CheckoutStartPayload,
  OrderConnection,
  OrderIdInput,
  OrderPayload,
  OrderHistoryItem,
  OrderRefundInput,
  OrderTestDashboardInput,
  PaymentSessionInfo,
} from './orders.types';

const STATUS =
  'Only orders with this status: pending, paid, failed, refunded or canceled (another value is BAD_USER_INPUT); omitted: all.';

/** Checkout, my orders, and the staff's order list and refunds. */
@Resolver(() => Order)
export class OrdersResolver {
  @Query(() => CheckoutQuote, {
    description:
      'What my cart would cost if I checked out now: its purchasable lines at today’s catalog prices, less my membership’s discount on resource lines (first), less the coupon’s discount on what is left when couponCode is given. Changes nothing; a coupon that does not apply is reported in couponError, not as an error.',
  })
  checkoutQuote(
    @Ctx() ctx: Context,
    @Arg('couponCode', () => String, {
      nullable: true,
      description: 'A coupon code to try (matched case-insensitively); null or blank: no coupon.',
    })
    couponCode?: string | null,
  ): Promise<CheckoutQuote> {
    return ctx.services.checkout.quote(ctx.user!, couponCode);
  }

  @Query(() => PaymentSessionInfo, {
    description:
      'The active payment provider (test, stripe or none) and, for Stripe, the publishable key the browser needs for its card form; clientSecret is always null here.',
  })
  paymentConfig(@Ctx() ctx: Context): PaymentSessionInfo {
    return { provider: ctx.payments.name, clientSecret: null, publishableKey: ctx.payments.publishableKey };
  }

  @Query(() => OrderConnection, { description: 'My orders of every status, newest first.' })
  myOrders(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('itemType', () => String, {
      nullable: true,
      description:
        'course or resource: only orders with at least one line of that type (another value is BAD_USER_INPUT); omitted: all.',
    })
    itemType?: string,
    @Arg('status', () => String, { nullable: true, description: STATUS })
    status?: string,
  ) {
    return ctx.services.orders.myOrders(ctx.user!, pageSize(first), after, itemType, status);
  }

  @Query(() => Order, {
    nullable: true,
    description:
      'One order with its lines; null when the id is unknown or the order is another member’s (staff see every order).',
  })
  order(
    @Arg('id', () => ID, { description: 'The order’s id (Order.id).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Order | null> {
    return ctx.services.orders.order(ctx.user!, id);
  }

  @Query(() => OrderConnection, {
    description: 'Every member’s orders, newest first, optionally by status and a search.',
  })
  adminOrders(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('status', () => String, { nullable: true, description: STATUS }) status?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Part of the order number, the buyer’s username or email, matched case-insensitively; blank: no filter.',
    })
    search?: string,
  ) {
    return ctx.services.orders.adminOrders(pageSize(first), after, status, search);
  }

  @Mutation(() => CheckoutStartPayload, {
    description:
      'Makes an order from my cart and starts its payment. The purchasable lines are ordered at today’s catalog prices, the coupon applied and its use recorded; the order is pending and `payment` says how to pay it (Stripe: a PaymentIntent client secret), or, for a total of 0, it is paid and delivered at once (provider free). The same idempotencyKey answers the same order. I have at most one open (pending) checkout: the same purchase again answers it, a different cart cancels it (its coupon use given back, its Stripe payment canceled) and makes a new order. Bought items leave the cart when the order is paid. userErrors: INVALID_INPUT (idempotencyKey; a subtotal above the maximum order total), EMPTY_CART, MEMBERSHIP_REQUIRED (a member-only course in the cart), COUPON_NOT_FOUND, COUPON_EXPIRED, COUPON_USED_UP, COUPON_NOT_APPLICABLE (on couponCode), PAYMENTS_NOT_CONFIGURED (no payment provider for a total above 0), PAYMENT_FAILED (the provider could not start the payment), CONFLICT (a checkout of my cart started at the same time, my previous checkout already being paid, or this order replaced by a newer checkout).',
  })
  checkoutStart(
    @Arg('input', () => CheckoutStartInput, {
      description: 'The idempotency key and an optional coupon code.',
    })
    input: CheckoutStartInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ order: Order | null; payment: PaymentSessionInfo | null }>(
      (): Promise<CheckoutStartResult> =>
        ctx.services.checkout.start(ctx.user!, input, ctx.config.maxOrderTotalCents),
      { order: null, payment: null },
    );
  }

  @Mutation(() => OrderPayload, {
    description:
      'Confirms the payment of my order and delivers it once paid: enrolls me in its courses, gives me its resources, removes them from my cart and records the sellers’ earnings, exactly once. With the test provider (and a free order) this call is the payment; with Stripe the PaymentIntent is read: succeeded delivers, still processing answers the order pending (the webhook finishes it). A paid order is answered as it is. userErrors: NOT_FOUND (not my order), CONFLICT (the order is canceled or refunded — also when money was taken but it could not be delivered: it is then refunded automatically —, or was made with a provider that is not active), PAYMENT_FAILED (the payment was not started, is not completed yet, was canceled — the order becomes failed — or its amount does not match), ALREADY_OWNED or MEMBERSHIP_REQUIRED (a test or free order that cannot be delivered: it is canceled and nothing charged).',
  })
  checkoutConfirm(
    @Arg('input', () => OrderIdInput, { description: 'The order to confirm.' }) input: OrderIdInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ order: Order | null }>(
      async () => ({ order: await ctx.services.checkout.confirm(ctx.user!, input.orderId) }),
      { order: null },
    );
  }

  @Mutation(() => OrderPayload, {
    description:
      'Abandons my unpaid (pending or failed) order: its payment is canceled at the provider and its coupon use given back; the cart is kept. An order already canceled is answered as it is. userErrors: NOT_FOUND (not my order), CONFLICT (“This order has already been paid” when a payment won the race — a succeeded Stripe payment is then delivered —, a refunded order, or a Stripe order while Stripe is not the active provider).',
  })
  checkoutCancel(
    @Arg('input', () => OrderIdInput, { description: 'The order to cancel.' }) input: OrderIdInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ order: Order | null }>(
      async () => ({ order: await ctx.services.checkout.cancel(ctx.user!, input.orderId) }),
      { order: null },
    );
  }

  @Mutation(() => OrderPayload, {
    description:
      'Refunds a paid order in full. The total goes back through the provider first (Stripe: one refund per order, however often it is retried); then, in one transaction, the order becomes refunded with the reason, the resources it gave (the buyer’s and the licences given to colleagues) are taken back, the course access it gave ends unless another paid order gives it (progress is kept; certificates of courses no longer accessible are revoked), the sellers’ earnings are reversed and the coupon use is given back. userErrors: INVALID_INPUT (reason missing or over 500 characters), NOT_FOUND (no such order), CONFLICT (already refunded, not paid, or paid with Stripe while Stripe is not configured), PAYMENT_FAILED (Stripe refused the refund).',
  })
  orderRefund(
    @Arg('input', () => OrderRefundInput, { description: 'The order and the reason.' })
    input: OrderRefundInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ order: Order | null }>(
      async () => ({ order: await ctx.services.orders.refund(ctx.user!, input) }),
      { order: null },
    );
  }

  @Mutation(() => OrderPayload, {
    description:
      'Test payments outside production only (staff): the test provider’s stand-in for Stripe’s dashboard — a refund made outside DRX (in whole or in part) or a chargeback (opened, won, lost) of an order paid with the test provider, applied as Stripe’s webhook is: a refund takes back what it covers (lines in order, each when covered in full; all of it for a full refund), an open dispute suspends what the order gave, a won one gives it back, a lost one is a full refund; each is written in the order’s history. userErrors: FORBIDDEN (Stripe or production), NOT_FOUND, CONFLICT (not a paid test order), INVALID_INPUT (amountCents out of range).',
  })
  async orderTestDashboard(
    @Arg('input', () => OrderTestDashboardInput, { description: 'The order and what happens.' })
    input: OrderTestDashboardInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ order: Order | null }>(
      async () => {
        await applyTestDashboard(ctx.em, ctx.payments, ctx.config.production, input);
        return { order: await ctx.em.findOneOrFail(Order, { id: input.orderId }, { refresh: true }) };
      },
      { order: null },
    );
  }

  // Order fields

  @FieldResolver(() => [OrderHistoryItem], {
    description:
      'What happened to the order on the payment provider’s side, oldest first: refunds made outside DRX (what each took back or kept) and disputes.',
  })
  history(@Root() order: Order, @Ctx() ctx: Context): Promise<OrderHistoryItem[]> {
    return orderHistory(ctx.em, order.id);
  }

  @FieldResolver(() => [OrderLine], { description: 'The items bought, in the order they were in the cart.' })
  lines(@Root() order: Order, @Ctx() ctx: Context): Promise<OrderLine[]> {
    return ctx.services.orders.lines(order);
  }

  @FieldResolver(() => String, {
    description:
      'Path of the receipt page (HTML) on the API host: /api/orders/{id}/receipt; it opens for the buyer and staff when signed in.',
  })
  receiptUrl(@Root() order: Order): string {
    return `/api/orders/${order.id}/receipt`;
  }

  @FieldResolver(() => String, {
    description:
      'Path of the receipt as a PDF download: /api/orders/{id}/receipt.pdf; it opens for the buyer and staff when signed in.',
  })
  receiptPdfUrl(@Root() order: Order): string {
    return `/api/orders/${order.id}/receipt.pdf`;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The payment provider’s reference (a Stripe PaymentIntent id pi_…, or test_pi_… from the test provider); null before a payment was started, for free orders, and for anyone but staff.',
  })
  paymentReference(@Root() order: Order, @Ctx() ctx: Context): string | null {
    return isOrderStaff(ctx.user) ? (order.paymentReference ?? null) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The provider’s refund reference (a Stripe refund id re_…, or test_re_… from the test provider); null when not refunded through a provider, and for anyone but staff.',
  })
  refundReference(@Root() order: Order, @Ctx() ctx: Context): string | null {
    return isOrderStaff(ctx.user) ? (order.refundReference ?? null) : null;
  }

  @FieldResolver(() => User, {
    nullable: true,
    description: 'The member who placed the order; null for anyone but staff.',
  })
  async buyer(@Root() order: Order, @Ctx() ctx: Context): Promise<User | null> {
    if (!isOrderStaff(ctx.user)) return null;
    return Reference.create(order.user).loadOrFail();
  }
}

@Resolver(() => OrderLine)
export class OrderLineFieldsResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Path of a resource line’s download, /api/resources/{id}/download, while the buyer holds the resource; null for a course line and once the buyer no longer holds it (e.g. after a refund).',
  })
  async downloadUrl(@Root() line: OrderLine, @Ctx() ctx: Context): Promise<string | null> {
    if (line.itemType !== 'resource') return null;
    return (await ctx.services.orders.buyerEntitled(line)) ? `/api/resources/${line.itemId}/download` : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'Path of a course line’s page in the web app, /courses/{id}; null for a resource line.',
  })
  courseUrl(@Root() line: OrderLine): string | null {
    return line.itemType === 'course' ? `/courses/${line.itemId}` : null;
  }
}

export const ordersResolvers = [OrdersResolver, OrderLineFieldsResolver, RefundsDueResolver] as const;
