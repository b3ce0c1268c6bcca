import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { SubscriptionPlan } from './subscription-plan.entity';
import { Subscription } from './subscription.entity';

export enum SubscriptionTestClockAction {
  RENEW = 'RENEW',
  FAIL_RENEWAL = 'FAIL_RENEWAL',
  END_PERIOD = 'END_PERIOD',
  END_GRACE = 'END_GRACE',
}

registerEnumType(SubscriptionTestClockAction, {
  name: 'SubscriptionTestClockAction',
  description:
    'What the test clock makes happen to a test membership (test payments outside production only).',
  valuesConfig: {
    RENEW: { description: 'The period ends and the renewal is paid: a new period starts.' },
    FAIL_RENEWAL: {
      description: 'The period ends and the renewal payment fails: past_due, the grace period starts.',
    },
    END_PERIOD: {
      description:
        'Time passes beyond the period end: a cancelled or complimentary membership ends, others renew.',
    },
    END_GRACE: {
      description: 'The grace period of a past_due membership runs out: benefits stop until paid.',
    },
  },
});

@ObjectType({ description: 'Who a membership belongs to.' })
export class SubscriptionMember {
  @Field(() => ID, { description: 'The member’s user id.' })
  id!: string;

  @Field({ description: 'The member’s username.' })
  username!: string;

  @Field({ description: 'First and last name, else the username.' })
  displayName!: string;

  @Field(() => String, { nullable: true, description: 'The member’s e-mail address; null when none.' })
  email!: string | null;
}

@ObjectType({ description: 'One entry of a membership’s history (its audit trail).' })
export class SubscriptionEvent {
  @Field(() => ID, { description: 'The entry’s id.' })
  id!: string;

  @Field({
    description:
      'started, trial_started, renewed, payment_failed, payment_recovered, grace_reminder, lapsed, cancel_requested, resumed, plan_changed, plan_change_scheduled, plan_change_canceled, ended, comped or synced.',
  })
  kind!: string;

  @Field({ description: 'Details in words (a plan, a date, a reason); may be empty.' })
  detail!: string;

  @Field(() => Date, { description: 'When it happened.' })
  createdAt!: Date;
}

@ObjectType('MembershipConnection', {
  description: 'One page of memberships (a Relay cursor connection).',
})
export class MembershipConnection extends Connection(Subscription, 'Membership') {}

@ObjectType({ description: 'A membership after a change, or why the change was refused.' })
export class SubscriptionPayload {
  @Field(() => Subscription, {
    nullable: true,
    description: 'The membership after the change; null on userErrors.',
  })
  subscription!: Subscription | null;

  @Field(() => [UserError], {
    description: 'Why the change was refused (nothing changed then); empty on success.',
  })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The start of a membership: at once (test payments) or on Stripe Checkout.' })
export class SubscriptionCheckoutPayload {
  @Field(() => Subscription, {
    nullable: true,
    description:
      'The new membership (test payments); null with Stripe — it exists once Stripe reports the payment.',
  })
  subscription!: Subscription | null;

  @Field(() => String, {
    nullable: true,
    description: 'Stripe Checkout’s page to send the member to; null with test payments.',
  })
  checkoutUrl!: string | null;

  @Field(() => [UserError], { description: 'Why the membership could not start; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({
  description: 'Where to update the payment method, or the membership after the test card paid.',
})
export class SubscriptionPortalPayload {
  @Field(() => String, { nullable: true, description: 'Stripe’s customer portal; null with test payments.' })
  url!: string | null;

  @Field(() => Subscription, {
    nullable: true,
    description: 'The membership (test payments: after paying what was due).',
  })
  subscription!: Subscription | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'A plan after a change, or why the change was refused.' })
export class SubscriptionPlanPayload {
  @Field(() => SubscriptionPlan, {
    nullable: true,
    description: 'The plan after the change; null on userErrors.',
  })
  plan!: SubscriptionPlan | null;

  @Field(() => [UserError], {
    description: 'Why the change was refused (nothing changed then); empty on success.',
  })
  userErrors!: UserError[];
}

@ObjectType({ description: 'Membership numbers month by month.' })
export class MembershipStatsPoint {
  @Field(() => Date, { description: 'The first instant of the month (UTC).' })
  date!: Date;

  @Field(() => Int, {
    description: 'Monthly recurring revenue during that month, US cents (yearly prices / 12).',
  })
  mrrCents!: number;

  @Field(() => Int, {
    description: 'Memberships that lasted into the end of that month (or now, for this month).',
  })
  activeMembers!: number;
}

@ObjectType({ description: 'Membership numbers now and over time (admins).' })
export class MembershipStats {
  @Field(() => Int, {
    description:
      'Monthly recurring revenue now, US cents: paying memberships that give benefits (yearly / 12; trials and comps 0).',
  })
  mrrCents!: number;

  @Field(() => Int, { description: 'Memberships that give benefits now (trials, grace and comps included).' })
  activeMembers!: number;

  @Field(() => Int, { description: 'Of those, in a free trial.' })
  trialing!: number;

  @Field(() => Int, { description: 'Of those, in the grace period after a failed payment.' })
  pastDue!: number;

  @Field(() => Int, { description: 'Of those, cancelled and ending at their period end.' })
  cancelling!: number;

  @Field(() => [MembershipStatsPoint], { description: 'One point per month, oldest first, this month last.' })
  points!: MembershipStatsPoint[];
}

@ObjectType({ description: 'Membership settings (admins).' })
export class MembershipSettings {
  @Field(() => Int, {
    description: 'Days a member keeps benefits after a failed payment before they stop (0–60, default 7).',
  })
  graceDays!: number;
}

@ObjectType({ description: 'The membership settings after a change, or why it was refused.' })
export class MembershipSettingsPayload {
  @Field(() => MembershipSettings, {
    nullable: true,
    description: 'The settings after the change; null on userErrors.',
  })
  settings!: MembershipSettings | null;

  @Field(() => [UserError], { description: 'Why the change was refused; empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'The plan and billing interval to join.' })
export class SubscriptionCheckoutInput {
  @Field(() => ID, { description: 'An active plan’s id (SubscriptionPlan.id).' })
  planId!: string;

  @Field({ description: 'month or year.' })
  interval!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Any unique string per attempt; a retry with the same key makes no second Stripe Checkout session.',
  })
  idempotencyKey?: string | null;
}

@InputType({ description: 'The Stripe Checkout session the member came back from.' })
export class SubscriptionCheckoutConfirmInput {
  @Field({ description: 'The `session_id` of /subscription/success (cs_…).' })
  sessionId!: string;
}

@InputType({ description: 'Why the member cancels (both optional).' })
export class SubscriptionCancelInput {
  @Field(() => String, {
    nullable: true,
    description: 'too_expensive, not_using, missing_features, switching, technical or other; null: not said.',
  })
  reason?: string | null;

  @Field(() => String, { nullable: true, description: 'Anything else, at most 1000 characters.' })
  comment?: string | null;
}

@InputType({ description: 'The plan and interval to switch to.' })
export class SubscriptionChangeInput {
  @Field(() => ID, {
    description: 'An active plan’s id; my current plan and interval drop a scheduled change.',
  })
  planId!: string;

  @Field({ description: 'month or year.' })
  interval!: string;
}

@InputType({ description: 'What the test clock should make happen.' })
export class SubscriptionTestClockInput {
  @Field(() => SubscriptionTestClockAction, { description: 'The event to make happen.' })
  action!: SubscriptionTestClockAction;

  @Field(() => ID, {
    nullable: true,
    description: 'A membership (admins: anyone’s); null: my live membership.',
  })
  subscriptionId?: string | null;
}

@InputType({ description: 'A new membership plan.' })
export class SubscriptionPlanCreateInput {
  @Field({ description: 'Unique name, at most 100 characters.' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'What the plan is for; null: empty.' })
  description?: string | null;

  @Field(() => Int, { description: 'Monthly price, US cents.' })
  monthlyPriceCents!: number;

  @Field(() => Int, { description: 'Yearly price, US cents.' })
  yearlyPriceCents!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Free trial days for a first membership, 0–365; null: 0.',
  })
  trialDays?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Offered to new members; null: true.' })
  active?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Order on /subscription, smallest first; null: 0.' })
  position?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Opens member-only courses; null: true.' })
  memberOnlyCourses?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Percent off curriculum resources, 0–100; null: 0.' })
  resourceDiscountPercent?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Private-lesson credits per billing period, 0–100; null: 0.',
  })
  lessonCredits?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'What one lesson credit is worth, US cents, 0–10,000,000 (what the instructor earns for a credit-paid session, at most its price); required (more than 0) with lesson credits; null: 0.',
  })
  creditValueCents?: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether a free trial gives the plan’s lesson credits; null: false.',
  })
  trialGrantsCredits?: boolean | null;
}

@InputType({
  description: 'Changes to a plan; null or left out keeps a field. New prices apply to new members only.',
})
export class SubscriptionPlanUpdateInput {
  @Field(() => ID, { description: 'The plan’s id.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'New unique name.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'New description.' })
  description?: string | null;

  @Field(() => Int, { nullable: true, description: 'New monthly price, US cents (new members only).' })
  monthlyPriceCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'New yearly price, US cents (new members only).' })
  yearlyPriceCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'New trial days, 0–365.' })
  trialDays?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Offer it to new members or not.' })
  active?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'New position.' })
  position?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Opens member-only courses.' })
  memberOnlyCourses?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Percent off curriculum resources, 0–100.' })
  resourceDiscountPercent?: number | null;

  @Field(() => Int, { nullable: true, description: 'Private-lesson credits per period, 0–100.' })
  lessonCredits?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'What one lesson credit is worth, US cents, 0–10,000,000 (more than 0 while the plan has credits); applies to credits spent from then on.',
  })
  creditValueCents?: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether a free trial gives the plan’s lesson credits.',
  })
  trialGrantsCredits?: boolean | null;
}

@InputType({ description: 'A free membership given by an admin.' })
export class SubscriptionCompInput {
  @Field(() => ID, { description: 'The member’s user id.' })
  userId!: string;

  @Field(() => ID, { description: 'The plan whose benefits it gives.' })
  planId!: string;

  @Field(() => Int, { description: 'How many months, 1–36.' })
  months!: number;

  @Field({ description: 'Why (kept in the membership’s history), at most 500 characters.' })
  reason!: string;
}

@InputType({ description: 'New membership settings.' })
export class MembershipSettingsInput {
  @Field(() => Int, {
    description: 'Grace days after a failed payment, 0–60 (applies to payments that fail from now on).',
  })
  graceDays!: number;
}
