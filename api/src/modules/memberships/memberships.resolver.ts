import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { hasRole } from '../users';
import { User } from '../users';
import { MembershipAdminService } from './membership-admin.service';
import { MembershipsService } from './memberships.service';
import {
  MembershipSettings,
  MembershipSettingsInput,
  MembershipSettingsPayload,
  MembershipStats,
  SubscriptionCancelInput,
  SubscriptionChangeInput,
  SubscriptionCheckoutConfirmInput,
  SubscriptionCheckoutInput,
  SubscriptionCheckoutPayload,
  SubscriptionCompInput,
  MembershipConnection,
  SubscriptionEvent,
  SubscriptionMember,
  SubscriptionPayload,
  SubscriptionPlanCreateInput,
  SubscriptionPlanPayload,
  SubscriptionPlanUpdateInput,
  SubscriptionPortalPayload,
  SubscriptionTestClockInput,
} from './memberships.types';
import { SubscriptionInvoice } from './subscription-invoice.entity';
import { SubscriptionPlan } from './subscription-plan.entity';
import { Subscription } from './subscription.entity';

const members = (ctx: Context) => new MembershipsService(ctx.em, ctx.payments, ctx.config);
const admin = (ctx: Context) => new MembershipAdminService(ctx.em);
const isAdminViewer = (ctx: Context) => hasRole(ctx.viewer, 'admin');

/** Plans, my membership and its changes, and the admin side (memberships.permissions.ts). */
@Resolver(() => Subscription)
export class MembershipsResolver {
  @Query(() => [SubscriptionPlan], {
    description: 'The membership plans offered now, in their order on /subscription.',
  })
  subscriptionPlans(@Ctx() ctx: Context): Promise<SubscriptionPlan[]> {
    return members(ctx).plans();
  }

  @Query(() => Subscription, {
    nullable: true,
    description: 'My membership that is not over, else my newest one; null when I never had one.',
  })
  mySubscription(@Ctx() ctx: Context): Promise<Subscription | null> {
    return members(ctx).mine(ctx.viewer!.id);
  }

  @Query(() => [SubscriptionPlan], { description: 'Every plan, offered or not, in their order.' })
  adminSubscriptionPlans(@Ctx() ctx: Context): Promise<SubscriptionPlan[]> {
    return admin(ctx).allPlans();
  }

  @Query(() => MembershipConnection, { description: 'Memberships of every member, newest first.' })
  adminSubscriptions(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('status', () => String, {
      nullable: true,
      description:
        'Only memberships in this state: trialing, active, cancelling, grace, lapsed, ended or incomplete; null: all.',
    })
    status?: string,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Part of the member’s username, e-mail or name (case-insensitive); null or blank: all.',
    })
    search?: string,
  ) {
    return admin(ctx).list(pageSize(first), after, status, search);
  }

  @Query(() => MembershipStats, { description: 'MRR and members now and month by month.' })
  membershipStats(
    @Ctx() ctx: Context,
    @Arg('months', () => Int, { nullable: true, description: 'How many months back, 1–36 (null: 12).' })
    months?: number,
  ) {
    return admin(ctx).stats(months ?? 12);
  }

  @Query(() => MembershipSettings, { description: 'The membership settings.' })
  async membershipSettings(@Ctx() ctx: Context): Promise<MembershipSettings> {
    return { graceDays: await admin(ctx).graceDays() };
  }

  @Mutation(() => SubscriptionCheckoutPayload, {
    description:
      'Joins a plan. Test payments: the membership starts at once (with the plan’s trial on a first membership). Stripe: returns the Stripe Checkout URL; the membership exists once Stripe reports it. userErrors: INVALID_INPUT, NOT_FOUND (plan), CONFLICT (already a member), PAYMENTS_NOT_CONFIGURED.',
  })
  subscriptionCheckout(
    @Arg('input', () => SubscriptionCheckoutInput, { description: 'The plan and interval.' })
    input: SubscriptionCheckoutInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ subscription: Subscription | null; checkoutUrl: string | null }>(
      () => members(ctx).checkout(ctx.user!, input),
      { subscription: null, checkoutUrl: null },
    );
  }

  @Mutation(() => SubscriptionPayload, {
    description:
      'After Stripe Checkout: reads the session and subscription from Stripe and stores them (also before the webhook arrives); returns my membership. userErrors: INVALID_INPUT, NOT_FOUND (not my session).',
  })
  subscriptionCheckoutConfirm(
    @Arg('input', () => SubscriptionCheckoutConfirmInput, { description: 'The checkout session.' })
    input: SubscriptionCheckoutConfirmInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ subscription: Subscription | null }>(
      async () => ({ subscription: await members(ctx).confirmCheckout(ctx.user!, input.sessionId) }),
      {
        subscription: null,
      },
    );
  }

  @Mutation(() => SubscriptionPayload, {
    description:
      'Cancels my membership at the period end: benefits stay on until then and I may resume before. A membership with a failed payment ends at once. userErrors: NOT_FOUND (no membership), CONFLICT (already cancelled, or complimentary), INVALID_INPUT (reason).',
  })
  subscriptionCancel(
    @Arg('input', () => SubscriptionCancelInput, { description: 'Why (optional).' })
    input: SubscriptionCancelInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ subscription: Subscription | null }>(
      async () => ({ subscription: await members(ctx).cancel(ctx.user!, input) }),
      { subscription: null },
    );
  }

  @Mutation(() => SubscriptionPayload, {
    description:
      'Takes back my cancellation before the period ends. userErrors: NOT_FOUND, CONFLICT (not cancelled, or over).',
  })
  subscriptionResume(@Ctx() ctx: Context) {
    return payload<{ subscription: Subscription | null }>(
      async () => ({ subscription: await members(ctx).resume(ctx.user!) }),
      { subscription: null },
    );
  }

  @Mutation(() => SubscriptionPayload, {
    description:
      'Switches plan or interval: an upgrade (higher price per month, or monthly → yearly) at once and charged pro rata; a downgrade at the period end (pendingPlan). My current plan drops a scheduled change. userErrors: INVALID_INPUT, NOT_FOUND, CONFLICT (payment overdue, cancelled, complimentary).',
  })
  subscriptionChange(
    @Arg('input', () => SubscriptionChangeInput, { description: 'The plan and interval.' })
    input: SubscriptionChangeInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ subscription: Subscription | null }>(
      async () => ({ subscription: await members(ctx).change(ctx.user!, input) }),
      { subscription: null },
    );
  }

  @Mutation(() => SubscriptionPortalPayload, {
    description:
      'Update my payment method: Stripe’s customer portal URL; with test payments the new test card pays what is due at once. userErrors: NOT_FOUND (no membership).',
  })
  subscriptionPaymentMethodUpdate(@Ctx() ctx: Context) {
    return payload<{ url: string | null; subscription: Subscription | null }>(
      () => members(ctx).updatePaymentMethod(ctx.user!),
      { url: null, subscription: null },
    );
  }

  @Mutation(() => SubscriptionPayload, {
    description:
      'The test clock (test payments outside production only): moves a test membership’s time to make a renewal, a failed renewal, the period end or the grace end happen. userErrors: FORBIDDEN (production or Stripe), NOT_FOUND, CONFLICT.',
  })
  subscriptionTestClockAdvance(
    @Arg('input', () => SubscriptionTestClockInput, { description: 'What should happen.' })
    input: SubscriptionTestClockInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ subscription: Subscription | null }>(
      async () => ({ subscription: await members(ctx).testClock(ctx.user!, input, isAdminViewer(ctx)) }),
      { subscription: null },
    );
  }

  @Mutation(() => SubscriptionPlanPayload, {
    description: 'Creates a plan. userErrors: INVALID_INPUT (field names it), CONFLICT (name taken).',
  })
  subscriptionPlanCreate(
    @Arg('input', () => SubscriptionPlanCreateInput, { description: 'The plan.' })
    input: SubscriptionPlanCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ plan: SubscriptionPlan | null }>(
      async () => ({ plan: await admin(ctx).createPlan(input) }),
      { plan: null },
    );
  }

  @Mutation(() => SubscriptionPlanPayload, {
    description:
      'Changes a plan. A new price applies to new members (a new Stripe price is made); current members keep theirs. userErrors: NOT_FOUND, INVALID_INPUT, CONFLICT.',
  })
  subscriptionPlanUpdate(
    @Arg('input', () => SubscriptionPlanUpdateInput, { description: 'The plan and its changes.' })
    input: SubscriptionPlanUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ plan: SubscriptionPlan | null }>(
      async () => ({ plan: await admin(ctx).updatePlan(input.id, input) }),
      { plan: null },
    );
  }

  @Mutation(() => SubscriptionPayload, {
    description:
      'Gives a member a free membership for N months, with a reason kept in its history. userErrors: INVALID_INPUT, NOT_FOUND (user or plan), CONFLICT (already a member).',
  })
  subscriptionComp(
    @Arg('input', () => SubscriptionCompInput, { description: 'Who, which plan, how long and why.' })
    input: SubscriptionCompInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ subscription: Subscription | null }>(
      async () => ({ subscription: await admin(ctx).comp(ctx.user!, input) }),
      { subscription: null },
    );
  }

  @Mutation(() => MembershipSettingsPayload, {
    description: 'Changes the membership settings. userErrors: INVALID_INPUT.',
  })
  membershipSettingsUpdate(
    @Arg('input', () => MembershipSettingsInput, { description: 'The new settings.' })
    input: MembershipSettingsInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ settings: MembershipSettings | null }>(
      async () => ({ settings: { graceDays: await admin(ctx).setGraceDays(input.graceDays) } }),
      {
        settings: null,
      },
    );
  }

  // ---------------------------------------------------------------- Subscription fields

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      'When the next charge is due; null when nothing more will be charged (cancelled, complimentary, ended, overdue).',
  })
  nextChargeAt(@Root() sub: Subscription): Date | null {
    if (sub.provider === 'comp' || sub.cancelAtPeriodEnd) return null;
    return ['active', 'trialing'].includes(sub.status) && sub.benefitsActive ? sub.currentPeriodEnd : null;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description:
      'What the next charge will be, US cents (a scheduled downgrade’s price); null when nextChargeAt is null.',
  })
  nextChargeCents(@Root() sub: Subscription): number | null {
    return this.nextChargeAt(sub) ? (sub.pendingPriceCents ?? sub.priceCents) : null;
  }

  @FieldResolver(() => Int, {
    description:
      'Private-lesson credits the plan includes per billing period (0 without benefits, and during a free trial unless the plan’s trialGrantsCredits).',
  })
  lessonCreditsIncluded(@Root() sub: Subscription): number {
    return creditsOfPeriod(sub);
  }

  @FieldResolver(() => Int, { description: 'Private-lesson credits left in the current billing period.' })
  lessonCreditsLeft(@Root() sub: Subscription): number {
    const included = creditsOfPeriod(sub);
    if (!included) return 0;
    const sameRound =
      sub.creditsPeriodStart && sub.creditsPeriodStart.getTime() >= sub.currentPeriodStart.getTime();
    return Math.max(0, included - (sameRound ? sub.creditsUsed : 0));
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether the test clock may be used on it (test payments outside production, a test or comp membership).',
  })
  testClockAvailable(@Root() sub: Subscription, @Ctx() ctx: Context): boolean {
    return sub.provider !== 'stripe' && members(ctx).testClockAvailable();
  }

  @FieldResolver(() => [SubscriptionInvoice], {
    description: 'Its invoices, newest first, with their receipts.',
  })
  invoices(@Root() sub: Subscription, @Ctx() ctx: Context): Promise<SubscriptionInvoice[]> {
    return members(ctx).invoices(sub.id);
  }

  @FieldResolver(() => [SubscriptionEvent], { description: 'Its history, oldest first.' })
  async events(@Root() sub: Subscription, @Ctx() ctx: Context): Promise<SubscriptionEvent[]> {
    const rows = await ctx.em
      .getConnection()
      .execute<{ id: string; kind: string; detail: string; created_at: Date }[]>(
        `select id, kind, detail, created_at from subscription_events where subscription_id = ? order by created_at, id`,
        [sub.id],
      );
    return rows.map((r) => ({ id: r.id, kind: r.kind, detail: r.detail, createdAt: new Date(r.created_at) }));
  }

  @FieldResolver(() => SubscriptionMember, { description: 'Whose membership it is.' })
  async member(@Root() sub: Subscription, @Ctx() ctx: Context): Promise<SubscriptionMember> {
    const user = await ctx.em.findOneOrFail(User, { id: sub.user.id });
    return { id: user.id, username: user.username, displayName: user.displayName, email: user.email ?? null };
  }
}

/** Plan fields for admins. */
@Resolver(() => SubscriptionPlan)
export class SubscriptionPlanResolver {
  @FieldResolver(() => Int, { description: 'Memberships on this plan that give benefits now (admins only).' })
  async subscriberCount(@Root() plan: SubscriptionPlan, @Ctx() ctx: Context): Promise<number> {
    return (await admin(ctx).subscriberCounts()).get(plan.id) ?? 0;
  }
}

/** Receipt links of membership invoices. */
@Resolver(() => SubscriptionInvoice)
export class SubscriptionInvoiceResolver {
  @FieldResolver(() => String, {
    description: 'The receipt page (HTML) of a paid invoice; add ".pdf" for the PDF.',
  })
  receiptUrl(@Root() invoice: SubscriptionInvoice): string {
    return `/api/subscription/invoices/${invoice.id}/receipt`;
  }
}

export const membershipResolvers = [
  MembershipsResolver,
  SubscriptionPlanResolver,
  SubscriptionInvoiceResolver,
] as const;

/** The period's lesson credits as `membership_benefits` gives them: none without benefits or in a trial that gives none. */
function creditsOfPeriod(sub: Subscription): number {
  if (!sub.benefitsActive) return 0;
  if (sub.status === 'trialing' && !sub.plan.trialGrantsCredits) return 0;
  return sub.plan.lessonCredits;
}
