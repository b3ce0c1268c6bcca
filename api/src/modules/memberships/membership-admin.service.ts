import { GraphQLError } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { createdKey, decodeCursor, encodeCursor, escapeLike, idKey } from '../../graphql/keyset';
import { sqlState } from '../bookings';
import type { User } from '../users';
import { userExists, usersNamedOrMailedLikeSql } from '../users';
import { isUuid } from '../../lib/ids';
import { periodEnd } from './billing-period';
import { recordSubscriptionEvent } from './membership-history';
import { sendMembershipMail } from './membership-mail';
import { graceDays, MAX_GRACE_DAYS, setGraceDays } from './membership-settings';
import { SubscriptionPlan } from './subscription-plan.entity';
import { Subscription } from './subscription.entity';
import { schedulePeriodEnd } from './subscription-state';

export const SUBSCRIPTION_STATES = [
  'trialing',
  'active',
  'cancelling',
  'grace',
  'lapsed',
  'ended',
  'incomplete',
];

export interface PlanFields {
  name?: string | null;
  description?: string | null;
  monthlyPriceCents?: number | null;
  yearlyPriceCents?: number | null;
  trialDays?: number | null;
  active?: boolean | null;
  position?: number | null;
  memberOnlyCourses?: boolean | null;
  resourceDiscountPercent?: number | null;
  lessonCredits?: number | null;
  creditValueCents?: number | null;
  trialGrantsCredits?: boolean | null;
}

export interface MembershipStatsView {
  mrrCents: number;
  activeMembers: number;
  trialing: number;
  pastDue: number;
  cancelling: number;
  points: { date: Date; mrrCents: number; activeMembers: number }[];
}

const exec = <T = unknown>(em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());

function intIn(value: number | null | undefined, field: string, min: number, max: number, label: string) {
  if (value === undefined || value === null) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new DomainError('INVALID_INPUT', `${label} must be a whole number from ${min} to ${max}`, field);
  }
}

/** Checks the fields given; throws INVALID_INPUT naming the first wrong one. */
function validatePlan(input: PlanFields): void {
  if (input.name !== undefined && input.name !== null) {
    const name = input.name.trim();
    if (!name || name.length > 100)
      throw new DomainError('INVALID_INPUT', 'Give the plan a name of at most 100 characters', 'name');
  }
  if (input.description && input.description.length > 2000) {
    throw new DomainError('INVALID_INPUT', 'The description is at most 2000 characters', 'description');
  }
  intIn(input.monthlyPriceCents, 'monthlyPriceCents', 0, 10_000_000, 'The monthly price (cents)');
  intIn(input.yearlyPriceCents, 'yearlyPriceCents', 0, 100_000_000, 'The yearly price (cents)');
  intIn(input.trialDays, 'trialDays', 0, 365, 'Trial days');
  intIn(input.position, 'position', -1000, 1000, 'The position');
  intIn(input.resourceDiscountPercent, 'resourceDiscountPercent', 0, 100, 'The resource discount');
  intIn(input.lessonCredits, 'lessonCredits', 0, 100, 'Lesson credits');
  intIn(input.creditValueCents, 'creditValueCents', 0, MAX_CREDIT_VALUE_CENTS, 'A credit’s value (cents)');
}

/** A lesson credit is worth at most $100,000 (subscription_plans_credit_value_check). */
export const MAX_CREDIT_VALUE_CENTS = 10_000_000;
const CREDIT_VALUE_NEEDED =
  'A plan with lesson credits needs the value of a credit (what the instructor earns)';

/** Admins' side: plans, subscribers, numbers, comps and the grace period. */
export class MembershipAdminService {
  constructor(private readonly em: EntityManager) {}

  allPlans(): Promise<SubscriptionPlan[]> {
    return this.em.find(SubscriptionPlan, {}, { orderBy: { position: 'asc', name: 'asc' } });
  }

  async createPlan(input: PlanFields): Promise<SubscriptionPlan> {
    validatePlan(input);
    const name = input.name?.trim();
    if (!name) throw new DomainError('INVALID_INPUT', 'Give the plan a name', 'name');
    if (input.monthlyPriceCents == null)
      throw new DomainError('INVALID_INPUT', 'Give a monthly price', 'monthlyPriceCents');
    if (input.yearlyPriceCents == null)
      throw new DomainError('INVALID_INPUT', 'Give a yearly price', 'yearlyPriceCents');
    const id = randomUUID();
    await this.insertOrConflict(() =>
      exec(
        this.em,
        `insert into subscription_plans (id, name, description, monthly_price_cents, yearly_price_cents, trial_days,
                active, position, member_only_courses, resource_discount_percent, lesson_credits,
                credit_value_cents, trial_grants_credits)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          name,
          input.description?.trim() ?? '',
          input.monthlyPriceCents,
          input.yearlyPriceCents,
          input.trialDays ?? 0,
          input.active ?? true,
          input.position ?? 0,
          input.memberOnlyCourses ?? true,
          input.resourceDiscountPercent ?? 0,
          input.lessonCredits ?? 0,
          input.creditValueCents ?? 0,
          input.trialGrantsCredits ?? false,
        ],
      ),
    );
    return this.em.findOneOrFail(SubscriptionPlan, { id }, { refresh: true });
  }

  /**
   * Changes a plan. A new price clears the plan's Stripe price for that interval (a new one is made at
   * the next checkout); current members keep the price on their subscription.
   */
  async updatePlan(id: string, input: PlanFields): Promise<SubscriptionPlan> {
    validatePlan(input);
    const plan = isUuid(id) ? await this.em.findOne(SubscriptionPlan, { id }) : null;
    if (!plan) throw new DomainError('NOT_FOUND', 'Plan not found', 'id');
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      sets.push(`${column} = ?`);
      params.push(value);
    };
    if (input.name != null) set('name', input.name.trim());
    if (input.description != null) set('description', input.description.trim());
    if (input.monthlyPriceCents != null && input.monthlyPriceCents !== plan.monthlyPriceCents) {
      set('monthly_price_cents', input.monthlyPriceCents);
      set('stripe_monthly_price_id', null);
    }
    if (input.yearlyPriceCents != null && input.yearlyPriceCents !== plan.yearlyPriceCents) {
      set('yearly_price_cents', input.yearlyPriceCents);
      set('stripe_yearly_price_id', null);
    }
    if (input.trialDays != null) set('trial_days', input.trialDays);
    if (input.active != null) set('active', input.active);
    if (input.position != null) set('position', input.position);
    if (input.memberOnlyCourses != null) set('member_only_courses', input.memberOnlyCourses);
    if (input.resourceDiscountPercent != null)
      set('resource_discount_percent', input.resourceDiscountPercent);
    if (input.lessonCredits != null) set('lesson_credits', input.lessonCredits);
    if (input.creditValueCents != null) set('credit_value_cents', input.creditValueCents);
    if (input.trialGrantsCredits != null) set('trial_grants_credits', input.trialGrantsCredits);
    if (sets.length) {
      await this.insertOrConflict(() =>
        exec(this.em, `update subscription_plans set ${sets.join(', ')}, updated_at = now() where id = ?`, [
          ...params,
          id,
        ]),
      );
    }
    return this.em.findOneOrFail(SubscriptionPlan, { id }, { refresh: true });
  }

  private async insertOrConflict(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (sqlState(error) === '23505')
        throw new DomainError('CONFLICT', 'A plan with this name exists', 'name');
      // subscription_plans_credit_value_check: credits without a value (checked on the row as saved).
      if (sqlState(error) === '23514')
        throw new DomainError('INVALID_INPUT', CREDIT_VALUE_NEEDED, 'creditValueCents');
      throw error;
    }
  }

  /** Live memberships per plan, for the plans table. */
  async subscriberCounts(): Promise<Map<string, number>> {
    const rows = await exec<{ plan_id: string; n: number }>(
      this.em,
      `select s.plan_id, count(*)::int as n from subscriptions s join subscription_states st on st.subscription_id = s.id
        where st.benefits_active group by s.plan_id`,
      [],
    );
    return new Map(rows.map((r) => [r.plan_id, r.n]));
  }

  /** Memberships, newest first; `state` filters on the state members see; `search` on username, e-mail or name. */
  async list(
    first: number,
    after: string | null | undefined,
    state: string | null | undefined,
    search: string | null | undefined,
  ): Promise<ConnectionShape<Subscription>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (state) {
      if (!SUBSCRIPTION_STATES.includes(state)) {
        throw new GraphQLError(`\`status\` must be one of ${SUBSCRIPTION_STATES.join(', ')}`, {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      where.push('st.state = ?');
      params.push(state);
    }
    const term = search?.trim().slice(0, 100);
    if (term) {
      const like = `%${escapeLike(term)}%`;
      where.push(`s.user_id in (${usersNamedOrMailedLikeSql})`);
      params.push(like, like, like);
    }
    const from = `from subscriptions s join subscription_states st on st.subscription_id = s.id`;
    const filter = where.length ? ` where ${where.join(' and ')}` : '';
    const [{ n }] = await exec<{ n: number }>(this.em, `select count(*)::int as n ${from}${filter}`, params);
    const keys = [createdKey('s'), idKey('s', true)];
    if (after) {
      const [createdAt, id] = decodeCursor(after, 'subscriptions', keys);
      where.push(`(s.created_at, s.id) < (?::timestamptz, ?::uuid)`);
      params.push(createdAt, id);
    }
    const rows = await exec<{ id: string; created_at: Date }>(
      this.em,
      `select s.id, s.created_at ${from}${where.length ? ` where ${where.join(' and ')}` : ''}
        order by s.created_at desc, s.id desc limit ?`,
      [...params, first + 1],
    );
    const page = rows.slice(0, first);
    const found = await this.em.find(Subscription, { id: { $in: page.map((r) => r.id) } }, { refresh: true });
    const byId = new Map(found.map((s) => [s.id, s]));
    const nodes = page.map((r) => byId.get(r.id)!).filter(Boolean);
    const cursorOf = (s: Subscription) => encodeCursor('subscriptions', [s.createdAt.toISOString(), s.id]);
    return {
      nodes,
      edges: nodes.map((node) => ({ node, cursor: cursorOf(node) })),
      totalCount: n,
      pageInfo: {
        hasNextPage: rows.length > first,
        hasPreviousPage: Boolean(after),
        startCursor: nodes.length ? cursorOf(nodes[0]) : null,
        endCursor: nodes.length ? cursorOf(nodes[nodes.length - 1]) : null,
      },
    };
  }

  /**
   * MRR (monthly-equivalent price of paying memberships that give benefits; comps and trials count
   * 0) and members now, and month by month back `months` months from what was stored: a membership
   * counts on a day between its start and its end (ended_at, or now while it lasts) at its price.
   */
  async stats(months = 12): Promise<MembershipStatsView> {
    const span = Math.min(Math.max(Math.trunc(months) || 12, 1), 36);
    const [now] = await exec<{
      mrr: number;
      active: number;
      trialing: number;
      past_due: number;
      cancelling: number;
    }>(
      this.em,
      `select coalesce(sum(case when s.provider <> 'comp' and st.state <> 'trialing'
                                then case when s.interval = 'year' then s.price_cents / 12.0 else s.price_cents end end), 0)::int as mrr,
              count(*)::int as active,
              count(*) filter (where st.state = 'trialing')::int as trialing,
              count(*) filter (where st.state = 'grace')::int as past_due,
              count(*) filter (where st.state = 'cancelling')::int as cancelling
         from subscriptions s join subscription_states st on st.subscription_id = s.id where st.benefits_active`,
      [],
    );
    const points = await exec<{ day: Date; mrr: number; active: number }>(
      this.em,
      `select d.day,
              coalesce(sum(case when s.provider <> 'comp' and (s.trial_end is null or s.trial_end <= d.day)
                                then case when s.interval = 'year' then s.price_cents / 12.0 else s.price_cents end end), 0)::int as mrr,
              count(s.id)::int as active
         from generate_series(date_trunc('month', now()) - make_interval(months => ?), date_trunc('month', now()),
                              interval '1 month') as d(day)
         left join subscriptions s on s.created_at <= d.day + interval '1 month' - interval '1 second'
              and coalesce(s.ended_at, case when s.status in ('canceled', 'incomplete_expired') then s.updated_at end, 'infinity')
                  > least(d.day + interval '1 month' - interval '1 second', now())
              and s.status <> 'incomplete'
        group by d.day order by d.day`,
      [span - 1],
    );
    return {
      mrrCents: now.mrr,
      activeMembers: now.active,
      trialing: now.trialing,
      pastDue: now.past_due,
      cancelling: now.cancelling,
      points: points.map((p) => ({ date: new Date(p.day), mrrCents: p.mrr, activeMembers: p.active })),
    };
  }

  /** Gives a member a free membership for `months` months (recorded with the reason and the admin). */
  async comp(
    actor: User,
    input: { userId: string; planId: string; months: number; reason: string },
  ): Promise<Subscription> {
    if (!Number.isInteger(input.months) || input.months < 1 || input.months > 36) {
      throw new DomainError('INVALID_INPUT', 'Months must be a whole number from 1 to 36', 'months');
    }
    const reason = input.reason?.trim() ?? '';
    if (!reason || reason.length > 500) {
      throw new DomainError('INVALID_INPUT', 'Say why (at most 500 characters)', 'reason');
    }
    const member = isUuid(input.userId) && (await userExists(this.em, input.userId));
    if (!member) throw new DomainError('NOT_FOUND', 'User not found', 'userId');
    const plan = isUuid(input.planId) ? await this.em.findOne(SubscriptionPlan, { id: input.planId }) : null;
    if (!plan) throw new DomainError('NOT_FOUND', 'Plan not found', 'planId');
    const id = randomUUID();
    await this.em.transactional(async (tem) => {
      const now = new Date();
      const end = periodEnd(now, 'month', input.months);
      try {
        await exec(
          tem,
          `insert into subscriptions (id, user_id, plan_id, interval, price_cents, provider, status, current_period_start,
                  current_period_end, cancel_at_period_end, comp_reason, comped_by_id, credits_period_start)
           values (?, ?, ?, 'month', 0, 'comp', 'active', ?, ?, true, ?, ?, ?)`,
          [id, input.userId, plan.id, now, end, reason, actor.id, now],
        );
      } catch (error) {
        if (sqlState(error) === '23505') {
          throw new DomainError('CONFLICT', 'This member already has a membership', 'userId');
        }
        throw error;
      }
      await recordSubscriptionEvent(
        tem,
        id,
        'comped',
        `${plan.name} free for ${input.months} month(s): ${reason}`,
        actor.id,
      );
      await schedulePeriodEnd(tem, id, end);
      await sendMembershipMail(tem, id, 'welcome');
    });
    return this.em.findOneOrFail(Subscription, { id }, { refresh: true });
  }

  graceDays(): Promise<number> {
    return graceDays(this.em);
  }

  async setGraceDays(days: number): Promise<number> {
    intIn(days, 'graceDays', 0, MAX_GRACE_DAYS, 'Grace days');
    await setGraceDays(this.em, days);
    return days;
  }
}
