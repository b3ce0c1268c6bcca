import { GraphQLError } from 'graphql';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionShape, toConnection, withCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { Batcher } from '../../lib/batcher';
import type { PaymentProvider } from '../payments';
import { heldResourcePairs } from '../resources';
import { hasAnyRole, STAFF_ROLES } from '../users';
import type { User } from '../users';
import { isUuid } from '../../lib/ids';
import { ORDER_NOT_FOUND } from './checkout.service';
import { OrderLine } from './order-line.entity';
import { ORDER_STATUSES, Order, type OrderStatus } from './order.entity';
import { markRefunded, SOLD_ORDER_KINDS } from './order-lifecycle';
import { takeBackWholeOrder } from './refund-takeback';

/** A bad argument of a query (queries have no userErrors). */
const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function checkedStatus(status: string): OrderStatus {
  if (!ORDER_STATUSES.includes(status as OrderStatus)) {
    throw badInput(`Status must be one of ${ORDER_STATUSES.join(', ')}`);
  }
  return status as OrderStatus;
}

export const isOrderStaff = (user: User | null | undefined) => hasAnyRole(user, STAFF_ROLES);

/** Reading orders (the buyer's own, staff all of them) and refunds. */
export class OrdersService {
  private readonly linesLoader = new Batcher<OrderLine[]>((ids) => this.loadLines(ids));
  private readonly entitledLoader = new Batcher<boolean>((keys) => this.loadEntitled(keys));

  constructor(
    private readonly em: EntityManager,
    private readonly payments: PaymentProvider,
  ) {}

  /** An order for its buyer or staff; null for anyone else (it looks unknown). */
  async order(viewer: User, id: string): Promise<Order | null> {
    if (!isUuid(id)) return null;
    const order = await this.em.findOne(Order, { id, kind: { $in: SOLD_ORDER_KINDS } }, { refresh: true });
    if (!order) return null;
    return order.user.id === viewer.id || isOrderStaff(viewer) ? order : null;
  }

  /** My orders, newest first; `itemType` keeps those with at least one line of that type. */
  async myOrders(
    user: User,
    first: number,
    after?: string | null,
    itemType?: string | null,
    status?: string | null,
  ) {
    const where: FilterQuery<Order> = { user: user.id, kind: { $in: SOLD_ORDER_KINDS } };
    if (status) where.status = checkedStatus(status);
    if (itemType) {
      if (itemType !== 'course' && itemType !== 'resource' && itemType !== 'booking') {
        throw badInput('Item type must be course, resource or booking');
      }
      const rows = await this.em.execute<{ id: string }[]>(
        `select distinct o.id from orders o join order_lines ol on ol.order_id = o.id
         where o.user_id = ? and ol.item_type = ?`,
        [user.id, itemType],
      );
      where.id = { $in: rows.map((r) => r.id) };
    }
    return this.page(where, first, after);
  }

  /**
   * Every order DRX sold (staff), newest first; by status and a search of number, username or email.
   * A membership's payments and the store's orders are read where they are kept (the membership's
   * invoices, `storeOrders`), as before they were orders too.
   */
  adminOrders(first: number, after?: string | null, status?: string | null, search?: string | null) {
    const where: FilterQuery<Order> = { kind: { $in: SOLD_ORDER_KINDS } };
    if (status) where.status = checkedStatus(status);
    const term = search?.trim();
    if (term) {
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = [
        { number: { $ilike: like } },
        { user: { username: { $ilike: like } } },
        { user: { email: { $ilike: like } } },
      ];
    }
    return this.page(where, first, after);
  }

  private async page(
    where: FilterQuery<Order>,
    first: number,
    after?: string | null,
  ): Promise<ConnectionShape<Order>> {
    const page = await withCursor(after, () =>
      this.em.findByCursor(Order, where, {
        first,
        after: after ?? undefined,
        orderBy: { createdAt: 'desc', id: 'desc' },
        includeCount: true,
      }),
    );
    return toConnection(page);
  }

  lines(order: Order): Promise<OrderLine[]> {
    return this.linesLoader.load(order.id);
  }

  private async loadLines(ids: string[]): Promise<Map<string, OrderLine[]>> {
    const rows = await this.em.find(OrderLine, { order: { $in: ids } }, { orderBy: { position: 'asc' } });
    const out = new Map<string, OrderLine[]>(ids.map((id) => [id, []]));
    for (const line of rows) out.get(line.order.id)?.push(line);
    return out;
  }

  /** Whether the order's buyer still holds the resource of a line (for its download link). */
  async buyerEntitled(line: OrderLine): Promise<boolean> {
    if (line.itemType !== 'resource') return false;
    const order = await this.em.findOneOrFail(Order, { id: line.order.id });
    return this.entitledLoader.load(`${order.user.id}|${line.itemId}`);
  }

  private async loadEntitled(keys: string[]): Promise<Map<string, boolean>> {
    const held = await heldResourcePairs(
      this.em,
      keys.map((k) => k.split('|') as [string, string]),
    );
    return new Map<string, boolean>(keys.map((k) => [k, held.has(k)]));
  }

  /**
   * Refunds a paid order in full (staff). The money goes back through the provider first (Stripe:
   * a refund with the idempotency key `refund-<order id>`, so a retry or a second click refunds
   * once); then one transaction marks the order refunded (conditional UPDATE from paid), deletes
   * the entitlements this order gave (downloads end), revokes course access of the enrollments it
   * created (progress is kept), reverses the sellers' earnings and gives the coupon use back.
   */
  async refund(actor: User, input: { orderId: string; reason: string }): Promise<Order> {
    const reason = (input.reason ?? '').trim();
    if (!reason) throw new DomainError('INVALID_INPUT', 'Give a reason for the refund', 'reason');
    if (reason.length > 500)
      throw new DomainError('INVALID_INPUT', 'The reason must be at most 500 characters', 'reason');
    const order = await this.order(actor, input.orderId);
    if (!order || !isOrderStaff(actor)) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND, 'orderId');
    if (order.status === 'refunded')
      throw new DomainError('CONFLICT', 'This order has already been refunded', 'orderId');
    if (order.status !== 'paid')
      throw new DomainError('CONFLICT', 'Only paid orders can be refunded', 'orderId');

    let refundReference: string | null = null;
    if (order.paymentProvider === 'stripe') {
      if (this.payments.name !== 'stripe' || !order.paymentReference) {
        throw new DomainError(
          'CONFLICT',
          'This order was paid with Stripe, which is not configured',
          'orderId',
        );
      }
      let result;
      try {
        result = await this.payments.refund({
          reference: order.paymentReference,
          amountCents: order.totalCents,
          idempotencyKey: `refund-${order.id}`,
        });
      } catch (error) {
        console.error(`[orders] refund of ${order.number} failed at Stripe`, error);
        throw new DomainError(
          'PAYMENT_FAILED',
          'Stripe refused the refund. Please try again later.',
          'orderId',
        );
      }
      if (result.status === 'failed') {
        throw new DomainError(
          'PAYMENT_FAILED',
          'Stripe refused the refund. Please try again later.',
          'orderId',
        );
      }
      refundReference = result.reference;
    } else if (order.paymentProvider === 'test' && order.paymentReference) {
      refundReference = `test_re_${order.id.replace(/-/g, '').slice(0, 24)}`;
    }

    await this.em.transactional(async (tem) => {
      const refunded = await markRefunded(tem, order.id, { reason, refundReference });
      if (!refunded) throw new DomainError('CONFLICT', 'This order has already been refunded', 'orderId');
      await takeBackWholeOrder(tem, { id: order.id, user_id: refunded.user_id, kind: order.kind }, reason);
    });
    return this.em.findOneOrFail(Order, { id: order.id }, { refresh: true });
  }
}
