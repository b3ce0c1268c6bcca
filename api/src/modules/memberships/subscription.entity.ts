import { Entity, Formula, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { SubscriptionPlan } from './subscription-plan.entity';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const SUBSCRIPTION_PROVIDERS = ['test', 'stripe', 'comp'] as const;
export type SubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number];

/** Stripe's subscription statuses (the ones DRX stores). */
export type SubscriptionStatus =
  'incomplete' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete_expired';

/** The statuses of a membership that is not over (one per user, by a partial unique index). */
export const LIVE_STATUSES: SubscriptionStatus[] = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid'];

/**
 * One membership of a user: its plan and own price, the provider that bills it, Stripe's status and
 * the current period. Whether it gives benefits now is not stored: the `membership_benefits` view
 * decides it from these columns and the clock (see `benefitsActive`). Written with SQL by
 * MembershipsService and the billing event handlers; this entity is for reading.
 */
@ObjectType('Membership', {
  description:
    'A membership (a subscription to a plan): plan, price, status, period and what happens next. Named Membership in the graph: Subscription is GraphQL’s root type for live updates.',
})
@Entity({ tableName: 'subscriptions' })
export class Subscription {
  [OptionalProps]?:
    'cancelAtPeriodEnd' | 'creditsUsed' | 'createdAt' | 'updatedAt' | 'benefitsActive' | 'state';

  @Field(() => ID, { description: 'The membership’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => SubscriptionPlan, { description: 'The plan whose benefits the membership gives now.' })
  @ManyToOne(() => SubscriptionPlan, { eager: true })
  plan!: SubscriptionPlan;

  @Field(() => String, { description: 'month or year: how often it is charged.' })
  @Property({ type: 'string', length: 5 })
  interval!: BillingInterval;

  @Field(() => Int, {
    description: 'What each renewal charges, US cents (the price when the member joined).',
  })
  @Property({ type: 'integer' })
  priceCents!: number;

  @Field(() => String, {
    description: 'test (the labelled test provider), stripe (Stripe Billing) or comp (given free by staff).',
  })
  @Property({ type: 'string', length: 10 })
  provider!: SubscriptionProvider;

  @Field(() => String, {
    description:
      'The billing status, as Stripe names it: trialing, active, past_due (a renewal failed), unpaid, canceled, incomplete or incomplete_expired. Benefits follow `state`, not this alone.',
  })
  @Property({ type: 'string', length: 20 })
  status!: SubscriptionStatus;

  @Field(() => Date, { description: 'When the current billing period started.' })
  @Property({ type: 'Date' })
  currentPeriodStart!: Date;

  @Field(() => Date, { description: 'When the current billing period ends (and the next charge is due).' })
  @Property({ type: 'Date' })
  currentPeriodEnd!: Date;

  @Field(() => Date, { nullable: true, description: 'When the free trial ends; null without a trial.' })
  @Property({ type: 'Date', nullable: true })
  trialEnd?: Date | null;

  @Field({ description: 'Cancelled by the member: it ends at currentPeriodEnd unless resumed before.' })
  @Property({ type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean = false;

  @Field(() => Date, {
    nullable: true,
    description: 'When the member asked to cancel; null when not cancelling.',
  })
  @Property({ type: 'Date', nullable: true })
  cancelRequestedAt?: Date | null;

  @Property({ type: 'string', length: 40, nullable: true })
  cancelReason?: string | null;

  @Property({ type: 'string', length: 1000, nullable: true })
  cancelComment?: string | null;

  @Field(() => Date, { nullable: true, description: 'When the membership ended; null while it lasts.' })
  @Property({ type: 'Date', nullable: true })
  endedAt?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the renewal payment failed (status past_due); null when payments are in order.',
  })
  @Property({ type: 'Date', nullable: true })
  paymentFailedAt?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Until when benefits stay on after a failed payment; null when payments are in order.',
  })
  @Property({ type: 'Date', nullable: true })
  graceEndsAt?: Date | null;

  @Field(() => SubscriptionPlan, {
    nullable: true,
    description: 'A plan change waiting for the period end (a downgrade); null when none.',
  })
  @ManyToOne(() => SubscriptionPlan, { nullable: true, eager: true })
  pendingPlan?: SubscriptionPlan | null;

  @Field(() => String, {
    nullable: true,
    description: 'The interval of the pending plan change; null when none.',
  })
  @Property({ type: 'string', length: 5, nullable: true })
  pendingInterval?: BillingInterval | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The price of the pending plan change, US cents; null when none.',
  })
  @Property({ type: 'integer', nullable: true })
  pendingPriceCents?: number | null;

  @Property({ type: 'Date', nullable: true })
  creditsPeriodStart?: Date | null;

  @Property({ type: 'integer', default: 0 })
  creditsUsed: number = 0;

  @Field(() => String, {
    nullable: true,
    description: 'Why staff gave this membership free; null unless comp.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  compReason?: string | null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  compedBy?: Ref<User> | null;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeSubscriptionId?: string | null;

  @Property({ type: 'Date', nullable: true })
  stripeSyncedAt?: Date | null;

  /**
   * Whether the membership gives benefits now: the `membership_benefits` view, the one rule the
   * access checks use (`subscription_states`' status, period, grace and clock, less a period whose
   * invoice was refunded in full or disputed in Stripe).
   */
  @Field(() => Boolean, {
    description:
      'Whether the membership gives its benefits now (decided by the server from the status, the period, the grace period and the clock).',
  })
  @Formula((alias) => `exists (select 1 from membership_benefits mb where mb.subscription_id = ${alias}.id)`)
  benefitsActive?: boolean;

  @Field(() => String, {
    description:
      'What the member sees: trialing, active, cancelling (ends at currentPeriodEnd), grace (a payment failed; benefits on until graceEndsAt), lapsed (grace over, benefits off until paid), ended or incomplete.',
  })
  @Formula((alias) => `(select st.state from subscription_states st where st.subscription_id = ${alias}.id)`)
  state?: string;

  @Field(() => Date, { description: 'When the membership was started.' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
