import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import {
  CHALLENGE_REQUIRED_MESSAGE,
  CHALLENGE_USED_MESSAGE,
  verifySignupSolution,
  type VerifiedSolution,
} from './signup-challenge';

export const REGISTRATION_THROTTLE_MESSAGE =
  'Too many accounts have been registered from your address. Please try again in an hour.';

/** How many registrations an address may make per hour, and when it must solve a challenge. */
export interface RegistrationAllowance {
  /** Registrations per hour without a challenge (REGISTRATION_CHALLENGE_AFTER). */
  challengeAfter: number;
  /** The hard ceiling per hour (REGISTRATION_LIMIT, 0 for none): a last resort. */
  ceiling: number;
}

/**
 * Registrations per client address over a sliding hour, in PostgreSQL so all processes and
 * replicas share the count. The first `challengeAfter` need nothing; each further one needs a
 * solved sign-up challenge (signup-challenge.ts: a second of a phone's work, so a class on one
 * network all gets in while a script's burst gets expensive); past `ceiling` every one is refused.
 * An attempt is counted before its work (the argon2id hash); attempts from one address take a
 * transaction-scoped advisory lock on it, so a parallel burst cannot slip past the count. A
 * solution is recorded in the same transaction (signup_challenge_solutions, unique by the
 * challenge's nonce): used once, even by two requests racing with it.
 */
export class RegistrationThrottle {
  constructor(private readonly em: EntityManager) {}

  /**
   * Counts a registration from `ip`, or throws: TOO_MANY_ATTEMPTS past the ceiling,
   * CHALLENGE_REQUIRED when the address owes a challenge and `altcha` is missing, CHALLENGE_FAILED
   * when the solution is wrong, expired, tampered with or used before. `altcha` is ignored when the
   * address owes none.
   */
  async admit(
    ip: string,
    allowance: RegistrationAllowance,
    altcha: string | null | undefined,
    secret: string,
  ): Promise<void> {
    const address = ip.slice(0, 100);
    const { challengeAfter, ceiling } = allowance;
    // Checked only when owed (two HMACs, no key derivation: cheap under the lock).
    let solution: VerifiedSolution | null | undefined;
    const verified = async () => (solution ??= altcha ? await verifySignupSolution(altcha, secret) : null);
    await this.em.transactional(async (tem) => {
      await tem.execute('select pg_advisory_xact_lock(hashtext(?))', [`registration:${address}`]);
      const [{ n }] = await tem.execute<{ n: number }[]>(
        `select count(*)::int as n from registration_attempts
          where address = ? and created_at > now() - interval '1 hour'`,
        [address],
      );
      if (ceiling > 0 && n >= ceiling)
        throw new DomainError('TOO_MANY_ATTEMPTS', REGISTRATION_THROTTLE_MESSAGE);
      if (n >= challengeAfter) {
        const used = await verified();
        if (!used) throw new DomainError('CHALLENGE_REQUIRED', CHALLENGE_REQUIRED_MESSAGE, 'altcha');
        const recorded = await tem.execute<{ nonce: string }[]>(
          `insert into signup_challenge_solutions (nonce, expires_at) values (?, ?)
            on conflict (nonce) do nothing returning nonce`,
          [used.nonce, used.expiresAt],
        );
        if (recorded.length === 0)
          throw new DomainError('CHALLENGE_FAILED', CHALLENGE_USED_MESSAGE, 'altcha');
      }
      await tem.execute('insert into registration_attempts (address) values (?)', [address]);
    });
  }

  /** Housekeeping: forget registrations older than the hour, and solutions whose challenge expired. */
  async prune(): Promise<number> {
    const connection = this.em.getConnection();
    await connection.execute(`delete from signup_challenge_solutions where expires_at < now()`);
    const deleted: unknown[] = await connection.execute(
      `delete from registration_attempts where created_at < now() - interval '1 hour' returning id`,
    );
    return deleted.length;
  }
}
