import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';
import { Resource } from './resource.entity';

export const ENTITLEMENT_SOURCES = ['order', 'granted'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

/** The right of a user to download a resource (bought, or granted by staff). */
@Entity({ tableName: 'entitlements' })
@Unique({ properties: ['user', 'resource'] })
export class Entitlement {
  [OptionalProps]?: 'orderId' | 'createdAt';

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

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
