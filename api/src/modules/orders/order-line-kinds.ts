import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainError } from '../../graphql/errors';

/**
 * What the orders module asks of another module whose items it sells as order lines of their own
 * kind (`orders.kind` and `order_lines.item_type`; today `booking`, registered by the bookings
 * module). The orders module imports none of them: the owning module registers its handlers once,
 * when its `module.ts` is loaded (the module list loads every one, in the app, the workers and the
 * tests that build the app or its ORM), so the dependency runs one way (bookings → orders).
 */
export interface OrderLineKind {
  /** Why the line's item cannot be delivered (checked before a paid order is fulfilled), or null. */
  refusal(em: EntityManager, itemId: string): Promise<DomainError | null>;
  /** The paid order's line: its item is delivered, in the caller's transaction. Idempotent. */
  fulfil(em: EntityManager, itemId: string): Promise<void>;
  /** The buyer abandoned the order's payment: what it held is freed. Returns how many were freed. */
  releaseHolds(em: EntityManager, orderId: string): Promise<number>;
  /** Staff refunded the order in full: its items are canceled with everything refunded. */
  cancelOfRefundedOrder(em: EntityManager, orderId: string, reason: string): Promise<void>;
  /** A refund made on the provider's side gave back `cents` more of the order: its items record it. */
  recordProviderRefund(
    em: EntityManager,
    orderId: string,
    cents: number,
  ): Promise<{ id: string; refunded_cents: number; price_cents: number }[]>;
}

const kinds = new Map<string, OrderLineKind>();

/** Registers the handlers of an order line kind (its module's definition does it once, when loaded). */
export function registerOrderLineKind(name: string, kind: OrderLineKind): void {
  kinds.set(name, kind);
}

/** The handlers of order line kind `name`; throws when no module registered them (a missing import). */
export function orderLineKind(name: string): OrderLineKind {
  const kind = kinds.get(name);
  if (!kind) throw new Error(`No module registered the order line kind "${name}" (registerOrderLineKind)`);
  return kind;
}
