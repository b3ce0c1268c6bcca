import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { pageSize } from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { User } from '../users/user.entity';
import type { CheckoutStartResult } from './checkout.service';
import { OrderLine } from './order-line.entity';
import { Order } from './order.entity';
import { isOrderStaff } from './orders.service';
import {
  CheckoutQuote,
  CheckoutStartInput,
  CheckoutStartPayload,
  OrderConnection,
  OrderIdInput,
  OrderPayload,
  OrderRefundInput,
  PaymentSessionInfo,
} from './orders.types';

/** Checkout, my orders, and the staff's order list and refunds. */
@Resolver(() => Order)
export class OrdersResolver {
  @Query(() => CheckoutQuote, { description: 'What my cart costs now, with an optional coupon.' })
  checkoutQuote(
    @Ctx() ctx: Context,
    @Arg('couponCode', () => String, { nullable: true }) couponCode?: string | null,
  ): Promise<CheckoutQuote> {
    return ctx.services.checkout.quote(ctx.user!, couponCode);
  }

  @Query(() => PaymentSessionInfo, { description: 'The active payment provider and its publishable key.' })
  paymentConfig(@Ctx() ctx: Context): PaymentSessionInfo {
    return { provider: ctx.payments.name, clientSecret: null, publishableKey: ctx.payments.publishableKey };
  }

  @Query(() => OrderConnection, { description: 'My orders, newest first.' })
  myOrders(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('itemType', () => String, {
      nullable: true,
      description: 'course or resource: only orders with a line of that type.',
    })
    itemType?: string,
    @Arg('status', () => String, { nullable: true, description: 'Only orders with this status (e.g. paid).' })
    status?: string,
  ) {
    return ctx.services.orders.myOrders(ctx.user!, pageSize(first), after, itemType, status);
  }

  @Query(() => Order, { nullable: true, description: 'An order: its buyer and staff only (null otherwise).' })
  order(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Order | null> {
    return ctx.services.orders.order(ctx.user!, id);
  }

  @Query(() => OrderConnection, { description: 'Every order (staff), newest first.' })
  adminOrders(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('status', () => String, { nullable: true }) status?: string,
    @Arg('search', () => String, { nullable: true, description: 'Order number, username or email.' })
    search?: string,
  ) {
    return ctx.services.orders.adminOrders(pageSize(first), after, status, search);
  }

  @Mutation(() => CheckoutStartPayload, {
    description: 'Makes an order from my cart and starts its payment (a total of 0 is paid at once).',
  })
  checkoutStart(@Arg('input', () => CheckoutStartInput) input: CheckoutStartInput, @Ctx() ctx: Context) {
    return payload<{ order: Order | null; payment: PaymentSessionInfo | null }>(
      (): Promise<CheckoutStartResult> =>
        ctx.services.checkout.start(ctx.user!, input, ctx.config.maxOrderTotalCents),
      { order: null, payment: null },
    );
  }

  @Mutation(() => OrderPayload, { description: 'Confirms the payment of my order and fulfils it once paid.' })
  checkoutConfirm(@Arg('input', () => OrderIdInput) input: OrderIdInput, @Ctx() ctx: Context) {
    return payload<{ order: Order | null }>(
      async () => ({ order: await ctx.services.checkout.confirm(ctx.user!, input.orderId) }),
      { order: null },
    );
  }

  @Mutation(() => OrderPayload, { description: 'Cancels my unpaid order.' })
  checkoutCancel(@Arg('input', () => OrderIdInput) input: OrderIdInput, @Ctx() ctx: Context) {
    return payload<{ order: Order | null }>(
      async () => ({ order: await ctx.services.checkout.cancel(ctx.user!, input.orderId) }),
      { order: null },
    );
  }

  @Mutation(() => OrderPayload, { description: 'Refunds a paid order in full (staff).' })
  orderRefund(@Arg('input', () => OrderRefundInput) input: OrderRefundInput, @Ctx() ctx: Context) {
    return payload<{ order: Order | null }>(
      async () => ({ order: await ctx.services.orders.refund(ctx.user!, input) }),
      { order: null },
    );
  }

  // Order fields

  @FieldResolver(() => [OrderLine])
  lines(@Root() order: Order, @Ctx() ctx: Context): Promise<OrderLine[]> {
    return ctx.services.orders.lines(order);
  }

  @FieldResolver(() => String, { description: 'The receipt page (HTML).' })
  receiptUrl(@Root() order: Order): string {
    return `/api/orders/${order.id}/receipt`;
  }

  @FieldResolver(() => String, { description: 'The receipt as a PDF.' })
  receiptPdfUrl(@Root() order: Order): string {
    return `/api/orders/${order.id}/receipt.pdf`;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The payment provider’s reference (a Stripe PaymentIntent id); staff only, null for others.',
  })
  paymentReference(@Root() order: Order, @Ctx() ctx: Context): string | null {
    return isOrderStaff(ctx.user) ? (order.paymentReference ?? null) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The provider’s refund reference; staff only, null for others.',
  })
  refundReference(@Root() order: Order, @Ctx() ctx: Context): string | null {
    return isOrderStaff(ctx.user) ? (order.refundReference ?? null) : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The buyer (staff only; null for others).' })
  async buyer(@Root() order: Order, @Ctx() ctx: Context): Promise<User | null> {
    if (!isOrderStaff(ctx.user)) return null;
    return Reference.create(order.user).loadOrFail();
  }
}

@Resolver(() => OrderLine)
export class OrderLineFieldsResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'A resource line’s download while the buyer holds the resource.',
  })
  async downloadUrl(@Root() line: OrderLine, @Ctx() ctx: Context): Promise<string | null> {
    if (line.itemType !== 'resource') return null;
    return (await ctx.services.orders.buyerEntitled(line)) ? `/api/resources/${line.itemId}/download` : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'A course line’s page.' })
  courseUrl(@Root() line: OrderLine): string | null {
    return line.itemType === 'course' ? `/courses/${line.itemId}` : null;
  }
}

export const ordersResolvers = [OrdersResolver, OrderLineFieldsResolver] as const;
