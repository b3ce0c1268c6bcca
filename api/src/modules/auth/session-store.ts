import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData, type Store } from 'express-session';
import type { Request } from 'express';
import type { CustomTypesConfig, Pool } from 'pg';

/** A session's expiry is pushed forward at most this often (it lasts 30 days). */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;
const MAX_TRACKED_SESSIONS = 100_000;

/** The user columns to read with the session (`joinUser` of createSessionStore). */
export interface SessionUserJoin {
  /** The `users` columns to select, unquoted (no `sess`). */
  columns: string[];
  /** The type parsers of the ORM's pool, so the row reads as the ORM would read it. */
  types: CustomTypesConfig;
}

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const userRowBySession = new WeakMap<object, Record<string, unknown>>();
const userRowByRequest = new WeakMap<object, Record<string, unknown>>();

/**
 * The `users` row of the request's signed-in user, read by the session store in the same statement
 * as the session (so during this request), or undefined (no user, no join, or a new session).
 */
export function sessionUserRow(req: Request): Record<string, unknown> | undefined {
  return userRowByRequest.get(req);
}

/**
 * The PostgreSQL session store (connect-pg-simple) with a throttled `touch`: express-session
 * touches the session on every request, which costs an UPDATE per request — for members whose cart
 * polls every 3 s that was a third of the database work. Each process now extends a session's
 * expiry at most once per interval; with a 30-day lifetime nothing a user can notice changes.
 *
 * With `joinUser`, reading a session also reads its user's row in the same statement (a left join
 * on `sess.userId`): one database round trip per request instead of two, for every request of a
 * signed-in user (the cart polls every 3 s). createContext takes the row with `sessionUserRow`.
 */
export function createSessionStore(
  pool: Pool,
  pruneSessionIntervalSeconds: number,
  joinUser?: SessionUserJoin,
): Store {
  const PgStore = connectPgSimple(session);
  const getWithUserSql =
    joinUser &&
    `SELECT s.sess, ${joinUser.columns.map((c) => `u."${c}"`).join(', ')}
     FROM "session" s LEFT JOIN "users" u ON u.id = CASE WHEN s.sess->>'userId' ~* '${UUID}'
       THEN (s.sess->>'userId')::uuid END
     WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;

  class ThrottledTouchStore extends PgStore {
    private readonly touchedAt = new Map<string, number>();

    override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
      if (!getWithUserSql || !joinUser) {
        super.get(sid, callback);
        return;
      }
      pool
        .query({ text: getWithUserSql, values: [sid, Math.ceil(Date.now() / 1000)], types: joinUser.types })
        .then(
          (result) => {
            const row = result.rows[0] as Record<string, unknown> | undefined;
            if (!row) return callback(null, null);
            const { sess, ...user } = row;
            let data: SessionData;
            try {
              data = (typeof sess === 'string' ? JSON.parse(sess) : sess) as SessionData;
            } catch {
              return this.destroy(sid, (err) => callback(err ?? null, null));
            }
            if (user.id != null && data && typeof data === 'object') userRowBySession.set(data, user);
            callback(null, data);
          },
          (error: unknown) => callback(error),
        );
    }

    override createSession(req: Request, sess: SessionData): session.Session & Partial<SessionData> {
      const user = userRowBySession.get(sess);
      const created = super.createSession(req, sess);
      if (user) userRowByRequest.set(req, user);
      return created;
    }

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
