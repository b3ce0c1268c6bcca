import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A webhook event already handled: its id is inserted in the same transaction as its effect. */
@Entity({ tableName: 'processed_webhook_events' })
export class ProcessedWebhookEvent {
  @PrimaryKey({ type: 'string', length: 255 })
  id!: string;

  @Property({ type: 'string', length: 100 })
  type!: string;

  @Property({ type: 'uuid', nullable: true })
  orderId?: string | null;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  processedAt: Date = new Date();
}
