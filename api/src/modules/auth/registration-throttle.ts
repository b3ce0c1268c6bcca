import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';

export const REGISTRATION_THROTTLE_MESSAGE =
  'Too many accounts have been registered from your address. Please try again in an hour.';

/**
 * Registrations per client address over a sliding hour (REGISTRATION_LIMIT, 0 for none), in
 * PostgreSQL so all processes and replicas share the count. An attempt is counted before its work
 * (the argon2id hash); attempts from one address take a transaction-scoped advisory lock on it, so
 * of a parallel burst exactly the limit gets through and the rest are refused (nothing recorded).
 */
export class RegistrationThrottle {
  constructor(private readonly em: EntityManager) {}

  /** Counts a registration from `ip`, or throws TOO_MANY_ATTEMPTS when the hour's limit is used up. */
  async admit(ip: string, limit: number): Promise<void> {
    if (limit <= 0) return;
    const address = ip.slice(0, 100);
    await this.em.transactional(async (tem) => {
      await tem.execute('select pg_advisory_xact_lock(hashtext(?))', [`registration:${address}`]);
      const [{ n }] = await tem.execute<{ n: number }[]>(
        `select count(*)::int as n from registration_attempts
          where address = ? and created_at > now() - interval '1 hour'`,
        [address],
      );
      if (n >= limit) throw new DomainError('TOO_MANY_ATTEMPTS', REGISTRATION_THROTTLE_MESSAGE);
      await tem.execute('insert into registration_attempts (address) values (?)', [address]);
    });
  }

  /** Housekeeping: forget registrations older than the hour. */
  async prune(): Promise<number> {
    const deleted: unknown[] = await this.em
      .getConnection()
      .execute(`delete from registration_attempts where created_at < now() - interval '1 hour' returning id`);
    return deleted.length;
  }
}
