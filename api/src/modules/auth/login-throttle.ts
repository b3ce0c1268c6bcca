import type { EntityManager } from '@mikro-orm/postgresql';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** One sign-in attempt in progress: recorded before the password is checked. */
export interface Attempt {
  blocked: boolean;
  accountRowId: string;
  ipRowId: string;
}

/**
 * Failed sign-ins are counted per account and per client address over a sliding 15-minute window,
 * in PostgreSQL so that every app replica sees the same counts.
 *
 * An attempt is recorded *before* its password is checked and counted together with every attempt
 * recorded earlier, so a burst of parallel requests cannot slip more than five guesses past the
 * limit. A successful attempt removes its rows (and the account's earlier failures); a blocked
 * attempt removes its own rows, so retrying while blocked does not extend the block.
 */
export class LoginThrottle {
  constructor(private readonly em: EntityManager) {}

  async begin(username: string, ip: string): Promise<Attempt> {
    const conn = this.em.getConnection();
    const keys = [accountKey(username), ipKey(ip)];
    const since = new Date(Date.now() - WINDOW_MS);
    const inserted: { id: string; key: string }[] = await conn.execute(
      `insert into login_attempts (key) values (?), (?) returning id, key`,
      keys,
    );
    const counts: { key: string; attempts: string }[] = await conn.execute(
      `select key, count(*) as attempts from login_attempts
        where key in (?, ?) and created_at > ? group by key`,
      [...keys, since],
    );
    const attempt: Attempt = {
      blocked: counts.some((c) => Number(c.attempts) > MAX_FAILURES),
      accountRowId: inserted.find((r) => r.key === keys[0])!.id,
      ipRowId: inserted.find((r) => r.key === keys[1])!.id,
    };
    if (attempt.blocked) await this.forget(attempt);
    return attempt;
  }

  /** A success: forget this attempt and the account's failures (the address keeps its count). */
  async succeeded(username: string, attempt: Attempt): Promise<void> {
    await this.em
      .getConnection()
      .execute(`delete from login_attempts where key = ? or id = ?`, [accountKey(username), attempt.ipRowId]);
  }

  private async forget(attempt: Attempt): Promise<void> {
    await this.em
      .getConnection()
      .execute(`delete from login_attempts where id in (?, ?)`, [attempt.accountRowId, attempt.ipRowId]);
  }

  /** Housekeeping: forget attempts older than the window. */
  async prune(): Promise<number> {
    const deleted: unknown[] = await this.em
      .getConnection()
      .execute(`delete from login_attempts where created_at < ? returning id`, [
        new Date(Date.now() - WINDOW_MS),
      ]);
    return deleted.length;
  }
}
