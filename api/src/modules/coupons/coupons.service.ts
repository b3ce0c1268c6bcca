import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { ConnectionShape } from '../../graphql/connection';
import { toConnection, withCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { Coupon, type CouponKind, type CouponScope } from './coupon.entity';
import {
  type CouponFields,
  discountFor,
  formatCents,
  normalizeCode,
  type QuoteLine,
  subtotalOf,
  validateCouponFields,
} from './coupon-rules';
import type { CouponCreateInput, CouponUpdateInput } from './coupons.types';

export type { QuoteLine } from './coupon-rules';

export interface CouponQuote {
  coupon: Coupon;
  discountCents: number;
}

export interface RedeemInput {
  couponId: string;
  userId: string;
  orderId: string;
  discountCents: number;
}

export interface Redemption {
  id: string;
  couponId: string;
  userId: string;
  orderId: string;
  discountCents: number;
}

export type CouponDeleteResult =
  | { deletedCouponId: string; deactivated: false; coupon: null }
  | { deletedCouponId: null; deactivated: true; coupon: Coupon };

const FIELD = 'couponCode';
const notFound = () => new DomainError('COUPON_NOT_FOUND', 'Coupon not found', FIELD);
const expired = () => new DomainError('COUPON_EXPIRED', 'This coupon has expired', FIELD);
const notYetValid = () => new DomainError('COUPON_EXPIRED', 'This coupon is not valid yet', FIELD);
const usedUp = () => new DomainError('COUPON_USED_UP', 'This coupon has been used up', FIELD);
const usedByYou = () =>
  new DomainError('COUPON_USED_UP', 'You have already used this coupon the maximum number of times', FIELD);
const notApplicable = () =>
  new DomainError('COUPON_NOT_APPLICABLE', 'This coupon does not apply to your cart', FIELD);

/**
 * Coupons: staff CRUD, and for checkout `quote` (what a code takes off a cart), `redeem` (one use,
 * inside the order's transaction, safe under concurrency) and `release` (gives a use back once).
 */
export class CouponsService {
  constructor(private readonly em: EntityManager) {}

  // Checkout (called by the orders module)

  /**
   * The discount a code gives on these lines, or a DomainError (field `couponCode`) saying why not.
   * Percent: of the subtotal of the lines in scope, rounded half-up; fixed: capped at that subtotal.
   * The minimum subtotal is checked on the whole cart. Pass `em` to read inside a transaction.
   */
  async quote(
    code: string,
    userId: string,
    lines: QuoteLine[],
    em: EntityManager = this.em,
  ): Promise<CouponQuote> {
    const normalized = normalizeCode(code);
    const coupon = normalized ? await em.findOne(Coupon, { code: normalized }, { refresh: true }) : null;
    if (!coupon || !coupon.active) throw notFound();
    const now = Date.now();
    if (coupon.startsAt.getTime() > now) throw notYetValid();
    if (coupon.endsAt && coupon.endsAt.getTime() <= now) throw expired();
    if (coupon.usageLimit != null && coupon.usedCount >= coupon.usageLimit) throw usedUp();
    if (coupon.perMemberLimit != null) {
      const used = await this.activeUsesBy(em, coupon.id, userId);
      if (used >= coupon.perMemberLimit) throw usedByYou();
    }
    const subtotal = subtotalOf(lines);
    if (subtotal < coupon.minSubtotalCents) {
      throw new DomainError(
        'COUPON_NOT_APPLICABLE',
        `This coupon needs a cart subtotal of at least ${formatCents(coupon.minSubtotalCents)}`,
        FIELD,
      );
    }
    const discountCents = discountFor(coupon, lines);
    if (discountCents <= 0) throw notApplicable();
    return { coupon, discountCents };
  }

  /**
   * Records one use of a coupon by an order, inside the caller's transaction (`em`). The total limit
   * is held by a conditional UPDATE (it also locks the coupon row until the transaction ends); the
   * per-member limit is counted under that lock, so concurrent redemptions cannot exceed either.
   * Repeating it for the same order returns the existing redemption.
   */
  async redeem(em: EntityManager, input: RedeemInput): Promise<Redemption> {
    if (!isUuid(input.couponId)) throw notFound();
    if (!Number.isInteger(input.discountCents) || input.discountCents < 0) {
      throw new DomainError('INVALID_INPUT', 'The discount must be a whole number of cents', 'discountCents');
    }
    const [existing] = await em.execute<Redemption[]>(
      `select id, coupon_id as "couponId", user_id as "userId", order_id as "orderId",
         discount_cents as "discountCents"
       from coupon_redemptions where order_id = ? and released_at is null`,
      [input.orderId],
    );
    if (existing) {
      if (existing.couponId !== input.couponId) {
        throw new DomainError('CONFLICT', 'This order already uses another coupon', FIELD);
      }
      return { ...existing, discountCents: Number(existing.discountCents) }; // a bigint column
    }
    const claimed = await em.execute<{ per_member_limit: number | null }[]>(
      `update coupons set used_count = used_count + 1, updated_at = now()
       where id = ? and active and starts_at <= now() and (ends_at is null or ends_at > now())
         and (usage_limit is null or used_count < usage_limit)
       returning per_member_limit`,
      [input.couponId],
    );
    if (claimed.length === 0) throw await this.whyNotRedeemable(em, input.couponId);
    const perMember = claimed[0].per_member_limit;
    if (perMember != null && (await this.activeUsesBy(em, input.couponId, input.userId)) >= perMember) {
      // Give the use back at once, so the count is right even if the caller goes on.
      await em.execute(`update coupons set used_count = used_count - 1 where id = ?`, [input.couponId]);
      throw usedByYou();
    }
    const id = randomUUID();
    try {
      await em.execute(
        `insert into coupon_redemptions (id, coupon_id, user_id, order_id, discount_cents) values (?, ?, ?, ?, ?)`,
        [id, input.couponId, input.userId, input.orderId, input.discountCents],
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('CONFLICT', 'This order’s coupon use was already recorded', FIELD);
      }
      throw error;
    }
    return { id, ...input };
  }

  /**
   * Locks, in id order, the coupon rows a checkout that replaces order `replacedOrderId` is about to
   * change: the coupon that order still uses (given back by `release`) and `nextCouponId` (taken by
   * `redeem`). Two buyers swapping coupons A and B at the same instant would otherwise lock A then B
   * and B then A, and PostgreSQL would end one of them as a deadlock. One statement: its ORDER BY
   * runs before FOR UPDATE, so the rows are locked in that order. Call inside the transaction.
   */
  async lockForReplace(
    em: EntityManager,
    replacedOrderId: string,
    nextCouponId: string | null,
  ): Promise<void> {
    await em.execute(
      `select id from coupons
       where id = ?::uuid
          or id in (select coupon_id from coupon_redemptions where order_id = ? and released_at is null)
       order by id for update`,
      [nextCouponId, replacedOrderId],
    );
  }

  /**
   * Gives back the coupon use of a cancelled, failed or refunded order (exactly once; false when the
   * order had no coupon use to give back). Call inside the caller's transaction.
   */
  async release(em: EntityManager, orderId: string): Promise<boolean> {
    if (!isUuid(orderId)) return false;
    const released = await em.execute<{ coupon_id: string }[]>(
      `update coupon_redemptions set released_at = now()
       where order_id = ? and released_at is null returning coupon_id`,
      [orderId],
    );
    if (released.length === 0) return false;
    await em.execute(
      `update coupons set used_count = greatest(used_count - 1, 0), updated_at = now() where id = ?`,
      [released[0].coupon_id],
    );
    return true;
  }

  private async activeUsesBy(em: EntityManager, couponId: string, userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from coupon_redemptions
       where coupon_id = ? and user_id = ? and released_at is null`,
      [couponId, userId],
    );
    return row.n;
  }

  private async whyNotRedeemable(em: EntityManager, couponId: string): Promise<DomainError> {
    const [row] = await em.execute<
      { active: boolean; not_started: boolean; ended: boolean; used_up: boolean }[]
    >(
      `select active, starts_at > now() as not_started, (ends_at is not null and ends_at <= now()) as ended,
         (usage_limit is not null and used_count >= usage_limit) as used_up
       from coupons where id = ?`,
      [couponId],
    );
    if (!row || !row.active) return notFound();
    if (row.not_started) return notYetValid();
    if (row.ended) return expired();
    return usedUp();
  }

  // Staff CRUD (the shield lets only admins and curriculum officers reach these)

  /** All coupons, newest first; `search` matches code or description. */
  async adminList(search: string | null | undefined, first: number, after?: string | null) {
    const where: Record<string, unknown> = {};
    const text = search?.trim().slice(0, 100);
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = [{ code: { $ilike: like } }, { description: { $ilike: like } }];
    }
    const page = await withCursor(after, () =>
      this.em.findByCursor(Coupon, where, {
        first,
        after: after ?? undefined,
        orderBy: { createdAt: 'desc', id: 'desc' },
        includeCount: true,
      }),
    );
    return toConnection(page) as ConnectionShape<Coupon>;
  }

  async findById(id: string): Promise<Coupon | null> {
    return isUuid(id) ? this.em.findOne(Coupon, id) : null;
  }

  /** Looks a coupon up by code, case-insensitively (any status). */
  async findByCode(code: string): Promise<Coupon | null> {
    const normalized = normalizeCode(code);
    return normalized ? this.em.findOne(Coupon, { code: normalized }) : null;
  }

  async create(input: CouponCreateInput): Promise<Coupon> {
    const fields = validateCouponFields({
      code: input.code,
      description: input.description ?? '',
      kind: input.kind as CouponKind,
      percentOff: input.percentOff ?? null,
      amountOffCents: input.amountOffCents ?? null,
      startsAt: input.startsAt ?? new Date(),
      endsAt: input.endsAt ?? null,
      usageLimit: input.usageLimit ?? null,
      perMemberLimit: input.perMemberLimit === undefined ? 1 : input.perMemberLimit,
      minSubtotalCents: input.minSubtotalCents ?? 0,
      scope: (input.scope ?? 'all') as CouponScope,
      active: input.active ?? true,
    });
    await this.ensureCodeFree(fields.code);
    const coupon = this.em.create(Coupon, fields);
    await this.flushCode();
    return coupon;
  }

  async update(input: CouponUpdateInput): Promise<Coupon> {
    const coupon = await this.orFail(input.id);
    const keep = <T>(value: T | null | undefined, current: T): T => value ?? current;
    const clearable = <T>(value: T | null | undefined, current: T | null): T | null =>
      value === undefined ? current : value;
    const fields = validateCouponFields({
      code: keep(input.code, coupon.code),
      description: keep(input.description, coupon.description),
      kind: keep(input.kind as CouponKind | null | undefined, coupon.kind),
      percentOff: clearable(input.percentOff, coupon.percentOff ?? null),
      amountOffCents: clearable(input.amountOffCents, coupon.amountOffCents ?? null),
      startsAt: keep(input.startsAt, coupon.startsAt),
      endsAt: clearable(input.endsAt, coupon.endsAt ?? null),
      usageLimit: clearable(input.usageLimit, coupon.usageLimit ?? null),
      perMemberLimit: clearable(input.perMemberLimit, coupon.perMemberLimit ?? null),
      minSubtotalCents: keep(input.minSubtotalCents, coupon.minSubtotalCents),
      scope: keep(input.scope as CouponScope | null | undefined, coupon.scope),
      active: keep(input.active, coupon.active),
    });
    if (fields.usageLimit != null && fields.usageLimit < coupon.usedCount) {
      throw new DomainError(
        'INVALID_INPUT',
        `Usage limit cannot be below the ${coupon.usedCount} uses so far`,
        'usageLimit',
      );
    }
    if (fields.code !== coupon.code) await this.ensureCodeFree(fields.code);
    // usedCount is never written here: redeem/release change it with SQL of their own.
    Object.assign(coupon, fields satisfies CouponFields);
    await this.flushCode();
    return coupon;
  }

  /**
   * Deletes a coupon that was never used; a used one is deactivated instead (its redemptions stay
   * with the orders). The coupon row is locked so a concurrent redemption cannot slip in between.
   */
  async delete(id: string): Promise<CouponDeleteResult> {
    await this.orFail(id);
    const deactivated = await this.em.transactional(async (em) => {
      await em.execute(`select id from coupons where id = ? for update`, [id]);
      const [row] = await em.execute<{ used: boolean }[]>(
        `select exists(select 1 from coupon_redemptions where coupon_id = ?) as used`,
        [id],
      );
      if (row.used) {
        await em.execute(`update coupons set active = false, updated_at = now() where id = ?`, [id]);
      } else {
        await em.execute(`delete from coupons where id = ?`, [id]);
      }
      return row.used;
    });
    this.em.clear();
    if (!deactivated) return { deletedCouponId: id, deactivated: false, coupon: null };
    return { deletedCouponId: null, deactivated: true, coupon: await this.orFail(id) };
  }

  private async orFail(id: string): Promise<Coupon> {
    const coupon = await this.findById(id);
    if (!coupon) throw new DomainError('NOT_FOUND', 'Coupon not found', 'id');
    return coupon;
  }

  private async ensureCodeFree(code: string): Promise<void> {
    const taken = await this.em.findOne(Coupon, { code });
    if (taken) throw new DomainError('CONFLICT', 'A coupon with this code already exists', 'code');
  }

  private async flushCode(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        throw new DomainError('CONFLICT', 'A coupon with this code already exists', 'code');
      }
      throw error;
    }
  }
}
