import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import type { ConnectionShape } from '../../graphql/connection';
import { toConnection, withCursor } from '../../graphql/connection';
import type { User } from '../users';
import { Batcher } from '../../lib/batcher';
import { sellerResourcesSql } from '../resources';
import { type EarningPayoutState, earningPayoutStates } from './earning-payout-state';
import { EARNINGS_HOLD_DAYS, releaseMaturedEarnings } from './earnings-ledger';
import { payoutBalance } from './payout-balances';
import { readFeePercent } from './platform-settings.service';
import { SellerEarning } from './seller-earning.entity';
import type { ResourceSales, SalesPoint, SellerDashboard } from './sellers.types';

export const SERIES_MIN_DAYS = 7;
export const SERIES_MAX_DAYS = 365;

/** My sales figures, the per-day series and the ledger (all read from `seller_earnings`). */
export class SellerDashboardService {
  private readonly payoutStates = new Batcher<EarningPayoutState>((ids) => earningPayoutStates(this.em, ids));

  constructor(private readonly em: EntityManager) {}

  /** Where a ledger row's money stands (the rows of one page in one statement). */
  payoutState(earningId: string): Promise<EarningPayoutState> {
    return this.payoutStates.load(earningId);
  }

  async dashboard(user: User): Promise<SellerDashboard> {
    await releaseMaturedEarnings(this.em, user.id);
    const [[sales], [resources], feePercent, payouts] = await Promise.all([
      this.em.execute<{ sales: number; gross: string; net: string; pending: string }[]>(
        `select count(*) filter (where status <> 'reversed')::int as sales,
           coalesce(sum(gross_cents) filter (where status <> 'reversed'), 0)::bigint as gross,
           coalesce(sum(net_cents) filter (where status <> 'reversed'), 0)::bigint as net,
           coalesce(sum(net_cents) filter (where status = 'pending'), 0)::bigint as pending
         from seller_earnings where seller_id = ?`,
        [user.id],
      ),
      this.em.execute<
        {
          downloads: string;
          ratings: number;
          average: string | null;
          draft: number;
          published: number;
          rejected: number;
        }[]
      >(
        `select coalesce(sum(download_count), 0) as downloads,
           coalesce(sum(rating_count), 0)::int as ratings,
           round(sum(rating_average * rating_count) / nullif(sum(rating_count), 0), 2) as average,
           count(*) filter (where status = 'draft')::int as draft,
           count(*) filter (where status = 'published')::int as published,
           count(*) filter (where status = 'rejected')::int as rejected
         from (${sellerResourcesSql}) r where r.seller_id = ?`,
        [user.id],
      ),
      readFeePercent(this.em),
      payoutBalance(this.em, user.id),
    ]);
    return {
      id: user.id,
      salesCount: sales.sales,
      grossRevenueCents: Number(sales.gross),
      netEarningsCents: Number(sales.net),
      pendingBalanceCents: Number(sales.pending),
      // Past the hold period and not yet transferred (waiting, on the way or refused: DRX still
      // holds it), less the negative balance carried — what DRX owes; transferred money is the
      // connected account's (payout-balances.ts `owedCents`).
      availableBalanceCents: payouts.owedCents,
      totalDownloads: Number(resources.downloads),
      averageRating: Number(resources.average ?? 0),
      ratingCount: resources.ratings,
      resourcesByStatus: {
        draft: resources.draft,
        published: resources.published,
        rejected: resources.rejected,
      },
      platformFeePercent: feePercent,
      holdDays: EARNINGS_HOLD_DAYS,
    };
  }

  /** One point per UTC day of the last `days` days (today included), zero where nothing sold. */
  async salesSeries(sellerId: string, days: number): Promise<SalesPoint[]> {
    if (!Number.isInteger(days) || days < SERIES_MIN_DAYS || days > SERIES_MAX_DAYS) {
      throw new GraphQLError(
        `\`days\` must be a whole number from ${SERIES_MIN_DAYS} to ${SERIES_MAX_DAYS}`,
        {
          extensions: { code: 'BAD_USER_INPUT' },
        },
      );
    }
    const rows = await this.em.execute<{ date: string; sales: number; gross: string; net: string }[]>(
      `select to_char(d.day, 'YYYY-MM-DD') as date,
         count(e.id)::int as sales,
         coalesce(sum(e.gross_cents), 0)::bigint as gross,
         coalesce(sum(e.net_cents), 0)::bigint as net
       from generate_series(
         (now() at time zone 'utc')::date - (?::int - 1),
         (now() at time zone 'utc')::date,
         interval '1 day'
       ) as d(day)
       left join seller_earnings e
         on e.seller_id = ? and e.status <> 'reversed'
         and e.created_at >= d.day at time zone 'utc'
         and e.created_at < (d.day + interval '1 day') at time zone 'utc'
       group by d.day
       order by d.day`,
      [days, sellerId],
    );
    return rows.map((r) => ({
      date: r.date,
      salesCount: r.sales,
      grossCents: Number(r.gross),
      netCents: Number(r.net),
    }));
  }

  /** Sales per resource of mine, best selling first (resources without sales included). */
  async resourceSales(sellerId: string): Promise<ResourceSales[]> {
    const rows = await this.em.execute<
      {
        id: string;
        title: string;
        status: string;
        price_cents: number;
        sales: number;
        gross: string;
        net: string;
        download_count: number;
        rating_average: string;
        rating_count: number;
      }[]
    >(
      `select r.id, r.title, r.status, r.price_cents, r.download_count, r.rating_average, r.rating_count,
         count(e.id)::int as sales, coalesce(sum(e.gross_cents), 0)::bigint as gross,
         coalesce(sum(e.net_cents), 0)::bigint as net
       from (${sellerResourcesSql}) r
       left join seller_earnings e on e.resource_id = r.id and e.seller_id = r.seller_id
         and e.status <> 'reversed'
       where r.seller_id = ?
       group by r.id, r.title, r.status, r.price_cents, r.download_count, r.rating_average, r.rating_count
       order by gross desc, sales desc, r.title asc`,
      [sellerId],
    );
    return rows.map((r) => ({
      resourceId: r.id,
      title: r.title,
      status: r.status,
      priceCents: r.price_cents,
      salesCount: r.sales,
      grossCents: Number(r.gross),
      netCents: Number(r.net),
      downloadCount: r.download_count,
      ratingAverage: Number(r.rating_average),
      ratingCount: r.rating_count,
    }));
  }

  /** My ledger, newest first. */
  async earnings(user: User, first: number, after?: string | null): Promise<ConnectionShape<SellerEarning>> {
    await releaseMaturedEarnings(this.em, user.id);
    const page = await withCursor(after, () =>
      this.em.findByCursor(
        SellerEarning,
        { seller: user.id },
        { first, after: after ?? undefined, orderBy: { createdAt: 'desc', id: 'desc' }, includeCount: true },
      ),
    );
    return toConnection(page);
  }
}
