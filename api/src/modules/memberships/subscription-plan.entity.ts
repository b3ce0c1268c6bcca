import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';

/**
 * A membership plan: its prices, optional trial and the benefits the server enforces (member-only
 * courses, a resource discount, private-lesson credits per billing period). A price change makes a
 * new Stripe price at the next checkout; current members keep the price stored on their subscription.
 */
@ObjectType({ description: 'A membership plan: prices, trial and benefits.' })
@Entity({ tableName: 'subscription_plans' })
export class SubscriptionPlan {
  [OptionalProps]?:
    | 'description'
    | 'trialDays'
    | 'active'
    | 'position'
    | 'memberOnlyCourses'
    | 'resourceDiscountPercent'
    | 'lessonCredits'
    | 'creditValueCents'
    | 'trialGrantsCredits'
    | 'createdAt'
    | 'updatedAt';

  @Field(() => ID, { description: 'The plan’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'The plan’s name, unique, at most 100 characters (e.g. Member, Studio Pro).' })
  @Property({ type: 'string', length: 100 })
  name!: string;

  @Field({ description: 'What the plan is for, plain text; empty when none.' })
  @Property({ type: 'text', default: '' })
  description: string = '';

  @Field(() => Int, { description: 'The price of a month, US cents, charged monthly.' })
  @Property({ type: 'integer' })
  monthlyPriceCents!: number;

  @Field(() => Int, { description: 'The price of a year, US cents, charged yearly.' })
  @Property({ type: 'integer' })
  yearlyPriceCents!: number;

  @Field(() => Int, { description: 'Free days before the first charge of a new member (0: none).' })
  @Property({ type: 'integer', default: 0 })
  trialDays: number = 0;

  @Field({ description: 'Offered to new members; an inactive plan keeps its current members.' })
  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Field(() => Int, { description: 'Where the plan stands on /subscription, smallest first.' })
  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Field({
    description: 'Members may enrol at no charge in member-only courses while the membership gives access.',
  })
  @Property({ type: 'boolean', default: true })
  memberOnlyCourses: boolean = true;

  @Field(() => Int, {
    description:
      'Percent off curriculum-store resources (0–100), applied per resource line before any coupon (docs/memberships.md).',
  })
  @Property({ type: 'integer', default: 0 })
  resourceDiscountPercent: number = 0;

  @Field(() => Int, { description: 'Private-lesson credits included in each billing period (0: none).' })
  @Property({ type: 'integer', default: 0 })
  lessonCredits: number = 0;

  @Field(() => Int, {
    description:
      'What one lesson credit is worth, US cents (0–10,000,000; more than 0 when the plan has credits): what the instructor earns for a session paid with a credit (at most the session’s price). Admins only.',
  })
  @Property({ type: 'integer', default: 0 })
  creditValueCents: number = 0;

  @Field({
    description:
      'Whether a free trial of the plan gives its lesson credits; false: a trialing membership has none until its first paid period.',
  })
  @Property({ type: 'boolean', default: false })
  trialGrantsCredits: boolean = false;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeProductId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeMonthlyPriceId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  stripeYearlyPriceId?: string | null;

  @Field(() => Date, { description: 'When the plan was created.' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
