import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users';
import { Resource } from './resource.entity';

export const ENTITLEMENT_SOURCES = ['order', 'licence', 'granted'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

/**
 * A right of a user to download a resource. Access is having at least one row:
 * - `order`: the buyer's, one per paid order line of the resource (a second order is a second row,
 *   so refunding one order leaves the access the other gave);
 * - `licence`: a colleague's, given one of a line's extra licences by its buyer;
 * - `granted`: by staff, one per user and resource.
 * A refund deletes the `order` and `licence` rows of its order (unique indexes and checks: see
 * Migration20261124120000_licences).
 */
@Entity({ tableName: 'entitlements' })
@Index({ properties: ['user', 'resource'] })
export class Entitlement {
  [OptionalProps]?: 'orderId' | 'orderLineId' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Resource, { deleteRule: 'cascade' })
  resource!: Resource;

  @Property({ type: 'string', length: 20 })
  source!: EntitlementSource;

  @Property({ type: 'uuid', nullable: true })
  orderId?: string | null;

  /** The order line that gave it (`order` and `licence`); null for a staff grant. */
  @Property({ type: 'uuid', nullable: true })
  orderLineId?: string | null;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
