import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionShape } from '../../graphql/connection';
import { toConnection, withCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { escapeLike, searchText } from '../../graphql/keyset';
import { SellerProfile, sellerResourcesSql } from '../resources';
import type { User } from '../users';
import { isUuid } from '../../lib/ids';
import type { AdminSeller } from './sellers.types';

export const SUSPEND_REASON_MAX = 500;

interface SellerFigures {
  resourceCount: number;
  salesCount: number;
  grossCents: number;
}

/** Staff's view of sellers: the list with payout status and figures, suspension and reinstatement. */
export class AdminSellersService {
  constructor(private readonly em: EntityManager) {}

  async list(
    first: number,
    after?: string | null,
    search?: string | null,
  ): Promise<ConnectionShape<AdminSeller>> {
    const text = searchText(search);
    const where: FilterQuery<SellerProfile> = text
      ? {
          $or: [
            { storeName: { $ilike: `%${escapeLike(text)}%` } },
            { user: { username: { $ilike: `%${escapeLike(text)}%` } } },
            { user: { email: { $ilike: `%${escapeLike(text)}%` } } },
          ],
        }
      : {};
    const page = await withCursor(after, () =>
      this.em.findByCursor(SellerProfile, where, {
        first,
        after: after ?? undefined,
        orderBy: { storeName: 'asc', user: 'asc' },
        includeCount: true,
        populate: ['user'],
      }),
    );
    const connection = toConnection(page);
    const figures = await this.figures(connection.nodes.map((p) => p.user.id));
    const edges = connection.edges.map((e) => ({
      cursor: e.cursor,
      node: this.toAdminSeller(e.node, figures.get(e.node.user.id)),
    }));
    return { ...connection, edges, nodes: edges.map((e) => e.node) };
  }

  async suspend(staff: User, sellerId: string, reason: string): Promise<AdminSeller> {
    const text = (reason ?? '').trim();
    if (!text) throw new DomainError('INVALID_INPUT', 'Give a reason for the suspension', 'reason');
    if (text.length > SUSPEND_REASON_MAX) {
      throw new DomainError(
        'INVALID_INPUT',
        `The reason can be at most ${SUSPEND_REASON_MAX} characters`,
        'reason',
      );
    }
    if (sellerId === staff.id)
      throw new DomainError('FORBIDDEN', 'You cannot suspend your own store', 'sellerId');
    const profile = await this.profile(sellerId);
    profile.suspended = true;
    profile.suspendedReason = text;
    profile.suspendedAt = new Date();
    await this.em.flush();
    return this.one(profile);
  }

  async reinstate(sellerId: string): Promise<AdminSeller> {
    const profile = await this.profile(sellerId);
    profile.suspended = false;
    profile.suspendedReason = null;
    profile.suspendedAt = null;
    await this.em.flush();
    return this.one(profile);
  }

  private async profile(sellerId: string): Promise<SellerProfile> {
    const profile = isUuid(sellerId)
      ? await this.em.findOne(SellerProfile, { user: sellerId }, { populate: ['user'] })
      : null;
    if (!profile) throw new DomainError('NOT_FOUND', 'Seller not found', 'sellerId');
    return profile;
  }

  private async one(profile: SellerProfile): Promise<AdminSeller> {
    const figures = await this.figures([profile.user.id]);
    return this.toAdminSeller(profile, figures.get(profile.user.id));
  }

  /** Resource and sales figures of many sellers in one query. */
  private async figures(sellerIds: string[]): Promise<Map<string, SellerFigures>> {
    if (!sellerIds.length) return new Map();
    const rows = await this.em.execute<{ id: string; resources: number; sales: number; gross: string }[]>(
      `select u.id,
         (select count(*)::int from (${sellerResourcesSql}) r where r.seller_id = u.id) as resources,
         (select count(*)::int from seller_earnings e where e.seller_id = u.id and e.status <> 'reversed') as sales,
         (select coalesce(sum(e.gross_cents), 0)::bigint from seller_earnings e
            where e.seller_id = u.id and e.status <> 'reversed') as gross
       from unnest(?::uuid[]) as u(id)`,
      [`{${sellerIds.join(',')}}`],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        { resourceCount: r.resources, salesCount: r.sales, grossCents: Number(r.gross) },
      ]),
    );
  }

  private toAdminSeller(profile: SellerProfile, figures?: SellerFigures): AdminSeller {
    return {
      id: profile.user.id,
      storeName: profile.storeName,
      user: profile.user,
      payoutStatus: profile.payoutStatus,
      stripeAccountId: profile.stripeAccountId ?? null,
      suspended: profile.suspended,
      suspendedReason: profile.suspendedReason ?? null,
      suspendedAt: profile.suspendedAt ?? null,
      resourceCount: figures?.resourceCount ?? 0,
      salesCount: figures?.salesCount ?? 0,
      grossCents: figures?.grossCents ?? 0,
      createdAt: profile.createdAt,
    };
  }
}
