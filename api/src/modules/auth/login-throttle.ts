import type { EntityManager } from '@mikro-orm/postgresql';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const deviceKey = (deviceId: string, userId: string) => `device:${deviceId}:${userId}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** One sign-in attempt in progress: recorded before the password is checked. */
export interface Attempt {
  blocked: boolean;
  /** `user:<name>` from an unknown browser, `device:<id>:<user>` from a browser known for the account. */
  accountKey: string;
  accountRowId: string;
  ipRowId: string;
}

/**
 * Failed sign-ins are counted per client address and per account over a sliding 15-minute window,
 * in PostgreSQL so that every app replica sees the same counts.
 *
 * The per-account count follows OWASP's device cookies: attempts from browsers unknown for the
 * account count against the account (`user:<name>`: 5 failures lock out unknown browsers), while an
 * attempt from a browser where the account signed in before counts against that browser alone
 * (`device:<id>:<user>`). So strangers' failures cannot lock the owner out of their own browser, and
 * a stolen device cookie gets no more guesses than a stranger. Every attempt counts against its
 * address.
 *
 * An attempt is recorded *before* its password is checked and counted together with every attempt
 * recorded earlier, so a burst of parallel requests cannot slip more than five guesses past the
 * limit. A successful attempt removes its rows (and the earlier failures of its account or device
 * key); a blocked attempt removes its own rows, so retrying while blocked does not extend the block.
 */
export class LoginThrottle {
  constructor(private readonly em: EntityManager) {}

  /** `knownDevice`: the browser's device id when the account signed in on it before. */
  async begin(
    username: string,
    ip: string,
    knownDevice?: { deviceId: string; userId: string },
  ): Promise<Attempt> {
    const conn = this.em.getConnection();
    const keys = [
      knownDevice ? deviceKey(knownDevice.deviceId, knownDevice.userId) : accountKey(username),
      ipKey(ip),
    ];
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
      accountKey: keys[0],
      accountRowId: inserted.find((r) => r.key === keys[0])!.id,
      ipRowId: inserted.find((r) => r.key === keys[1])!.id,
    };
    if (attempt.blocked) await this.forget(attempt);
    return attempt;
  }

  /**
   * A success: forget this attempt and the failures of its account key (the address keeps its
   * count). From a known browser that is the browser's key: the lock of unknown browsers stays.
   */
  async succeeded(attempt: Attempt): Promise<void> {
    await this.em
      .getConnection()
      .execute(`delete from login_attempts where key = ? or id = ?`, [attempt.accountKey, attempt.ipRowId]);
  }

  /**
   * An attempt that names no account (a passkey the server does not know): it counts against its
   * client address only, and is blocked when the address is. It never succeeds.
   */
  async beginForAddress(ip: string): Promise<Attempt> {
    const conn = this.em.getConnection();
    const key = ipKey(ip);
    const [row]: { id: string }[] = await conn.execute(
      `insert into login_attempts (key) values (?) returning id`,
      [key],
    );
    const [{ attempts }]: { attempts: string }[] = await conn.execute(
      `select count(*) as attempts from login_attempts where key = ? and created_at > ?`,
      [key, new Date(Date.now() - WINDOW_MS)],
    );
    const attempt: Attempt = {
      blocked: Number(attempts) > MAX_FAILURES,
      accountKey: key,
      accountRowId: row.id,
      ipRowId: row.id,
    };
    if (attempt.blocked) await this.forget(attempt);
    return attempt;
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
