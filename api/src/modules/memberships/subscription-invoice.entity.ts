import { Entity, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { Subscription } from './subscription.entity';

/** A membership charge: the first payment, each renewal, a proration on upgrade. */
@ObjectType({ description: 'A membership invoice: one charge of a membership, with its receipt.' })
@Entity({ tableName: 'subscription_invoices' })
export class SubscriptionInvoice {
  @Field(() => ID, { description: 'The invoice’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Field({ description: 'The invoice number shown on the receipt (e.g. M-1001).' })
  @Property({ type: 'string', length: 40 })
  number!: string;

  @ManyToOne(() => Subscription, { ref: true })
  subscription!: Ref<Subscription>;

  @ManyToOne(() => User, { ref: true })
  user!: Ref<User>;

  @Field({ description: 'What was charged for (plan, interval, or a proration).' })
  @Property({ type: 'string', length: 300 })
  description!: string;

  @Field(() => Int, { description: 'The amount, US cents.' })
  @Property({ type: 'integer' })
  amountCents!: number;

  @Field(() => String, { description: 'paid, open (payment failed, still due) or void.' })
  @Property({ type: 'string', length: 10 })
  status!: 'open' | 'paid' | 'void';

  @Field(() => Date, { description: 'The start of the period the invoice pays for.' })
  @Property({ type: 'Date' })
  periodStart!: Date;

  @Field(() => Date, { description: 'The end of the period the invoice pays for.' })
  @Property({ type: 'Date' })
  periodEnd!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was paid; null while open or void.' })
  @Property({ type: 'Date', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeInvoiceId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Stripe’s hosted invoice page; null for the test provider.',
  })
  @Property({ type: 'string', length: 1000, nullable: true })
  hostedInvoiceUrl?: string | null;

  @Field(() => Date, { description: 'When the invoice was made.' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt!: Date;
}
