import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData, type Store } from 'express-session';
import type { Pool } from 'pg';

/** A session's expiry is pushed forward at most this often (it lasts 30 days). */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;
const MAX_TRACKED_SESSIONS = 100_000;

/**
 * The PostgreSQL session store (connect-pg-simple) with a throttled `touch`: express-session
 * touches the session on every request, which costs an UPDATE per request — for members whose cart
 * polls every 3 s that was a third of the database work. Each process now extends a session's
 * expiry at most once per interval; with a 30-day lifetime nothing a user can notice changes.
 */
export function createSessionStore(pool: Pool, pruneSessionIntervalSeconds: number): Store {
  const PgStore = connectPgSimple(session);

  class ThrottledTouchStore extends PgStore {
    private readonly touchedAt = new Map<string, number>();

    override touch(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
      const now = Date.now();
      const last = this.touchedAt.get(sid);
      if (last !== undefined && now - last < SESSION_TOUCH_INTERVAL_MS) {
        callback?.();
        return;
      }
      if (this.touchedAt.size >= MAX_TRACKED_SESSIONS) this.forgetBefore(now - SESSION_TOUCH_INTERVAL_MS);
      this.touchedAt.set(sid, now);
      super.touch(sid, sess, callback);
    }

    override destroy(sid: string, callback?: (err?: unknown) => void): void {
      this.touchedAt.delete(sid);
      super.destroy(sid, callback);
    }

    private forgetBefore(cutoff: number): void {
      for (const [sid, at] of this.touchedAt) if (at < cutoff) this.touchedAt.delete(sid);
      if (this.touchedAt.size >= MAX_TRACKED_SESSIONS) this.touchedAt.clear();
    }
  }

  return new ThrottledTouchStore({
    pool,
    tableName: 'session',
    pruneSessionInterval: pruneSessionIntervalSeconds,
  });
}
