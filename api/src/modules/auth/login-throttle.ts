import type { EntityManager } from '@mikro-orm/postgresql';
import { LoginAttempt } from './login-attempt.entity';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Failed sign-ins are counted per account and per client address over a sliding 15-minute window,
 * in PostgreSQL so that every app replica sees the same counts.
 */
export class LoginThrottle {
  constructor(private readonly em: EntityManager) {}

  async isBlocked(username: string, ip: string): Promise<boolean> {
    const since = new Date(Date.now() - WINDOW_MS);
    const rows: { key: string; failures: string }[] = await this.em.getConnection().execute(
      `select key, count(*) as failures from login_attempts
        where key in (?, ?) and created_at > ? group by key`,
      [accountKey(username), ipKey(ip), since],
    );
    return rows.some((r) => Number(r.failures) >= MAX_FAILURES);
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const em = this.em.fork();
    em.persist(em.create(LoginAttempt, { key: accountKey(username), createdAt: new Date() }));
    em.persist(em.create(LoginAttempt, { key: ipKey(ip), createdAt: new Date() }));
    await em.flush();
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async recordSuccess(username: string): Promise<void> {
    await this.em.nativeDelete(LoginAttempt, { key: accountKey(username) });
  }

  /** Housekeeping: forget attempts older than the window. */
  async prune(): Promise<void> {
    await this.em.nativeDelete(LoginAttempt, { createdAt: { $lt: new Date(Date.now() - WINDOW_MS) } });
  }
}
