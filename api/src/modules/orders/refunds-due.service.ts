import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { idKey, isIsoDate, keysetConnection, keysetPage } from '../../graphql/keyset';
import { isUuid } from '../../lib/ids';
import type { PaymentProvider } from '../payments';
import { User } from '../users';
import { settleAutomaticRefund } from './automatic-refund';
import { Order } from './order.entity';
import type { RefundDue, RefundRetryPayload } from './refunds-due.types';

interface RefundDueRow {
  id: string;
  number: string;
  user_id: string;
  total_cents: string | number;
  payment_provider: string;
  refund_attempts: number;
  refund_last_error: string | null;
  refund_last_attempt_at: Date | string | null;
  refund_due_at: Date | string;
}

const COLUMNS = `o.id, o.number, o.user_id, o.total_cents, o.payment_provider, o.refund_attempts,
  o.refund_last_error, o.refund_last_attempt_at, o.refund_due_at`;

const notDue = () =>
  new DomainError(
    'NOT_FOUND',
    'No automatic refund is due for this order (unknown, or already sent).',
    'orderId',
  );

/**
 * The admins' view of automatic refunds still due (automatic-refund.ts): the list, oldest due
 * first, and "Retry now", which tries the refund at once with the same idempotency key as every
 * other try (a try racing the cron job or a webhook refunds once).
 */
export class RefundsDueService {
  constructor(
    private readonly em: EntityManager,
    private readonly payments: PaymentProvider,
  ) {}

  async list(first: number, after?: string | null): Promise<ConnectionShape<RefundDue>> {
    const page = keysetPage({
      from: `"orders" o`,
      alias: 'o',
      where: { sql: 'o.refund_due_at is not null', params: [] },
      sort: 'due',
      keys: [
        { expr: 'o.refund_due_at', params: [], desc: false, cast: 'timestamptz', check: isIsoDate },
        idKey('o', false),
      ],
      first,
      after,
    });
    return keysetConnection({
      execute: (sql, params) => this.em.execute(sql, params),
      page,
      first,
      after,
      load: (ids) => this.load(ids),
    });
  }

  /** Tries the refund of `orderId` now; a refusal is a userError with the refund as it stays. */
  async retry(orderId: string): Promise<RefundRetryPayload> {
    if (!isUuid(orderId)) throw notDue();
    const [before] = await this.load([orderId]);
    if (!before) throw notDue();
    let failure: string | null = null;
    try {
      await settleAutomaticRefund(this.em, this.payments, orderId);
    } catch (error) {
      failure = (error as Error)?.message || String(error);
    }
    const [after] = await this.load([orderId]);
    if (!after) {
      // Sent: by this try, or by one that raced it (the same idempotency key: one refund).
      const order = await this.em.findOneOrFail(Order, { id: orderId }, { refresh: true });
      return { order, refund: null, userErrors: [] };
    }
    const reason = after.lastError ?? failure ?? 'the payment provider did not send it';
    return {
      order: null,
      refund: after,
      userErrors: [
        new DomainError(
          'PAYMENT_FAILED',
          `The refund of ${after.orderNumber} was not sent: ${reason} It stays due (tried ${after.attempts} ${after.attempts === 1 ? 'time' : 'times'}); try again later or refund it in the payment provider’s dashboard.`,
          'orderId',
        ).toUserError(),
      ],
    };
  }

  private async load(ids: string[]): Promise<RefundDue[]> {
    if (!ids.length) return [];
    const rows = await this.em.execute<RefundDueRow[]>(
      `select ${COLUMNS} from "orders" o where o.id in (?) and o.refund_due_at is not null`,
      [ids],
    );
    const buyers = await this.em.find(User, { id: { $in: [...new Set(rows.map((r) => r.user_id))] } });
    const byId = new Map(buyers.map((u) => [u.id, u]));
    return rows.map((r) => ({
      id: r.id,
      orderNumber: r.number,
      buyerId: r.user_id,
      buyer: byId.get(r.user_id) ?? null,
      amountCents: Number(r.total_cents),
      paymentProvider: r.payment_provider,
      attempts: Number(r.refund_attempts),
      lastError: r.refund_last_error,
      lastAttemptAt: r.refund_last_attempt_at === null ? null : new Date(r.refund_last_attempt_at),
      dueSince: new Date(r.refund_due_at),
    }));
  }
}
