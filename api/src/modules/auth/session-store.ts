import type { CustomTypesConfig, Pool } from 'pg';
import { joinUserSql } from '../users';

/** The user columns to read with the session (see SessionStore.read). */
export interface SessionUserJoin {
  /** The `users` columns to select, unquoted. */
  columns: string[];
  /** The type parsers of the ORM's pool, so the row reads as the ORM would read it. */
  types: CustomTypesConfig;
}

/** A stored session, as read at the start of a request. */
export interface StoredSession {
  userId: string | null;
  /** When the session ends unless it is used again (ms since the epoch). */
  expiresAt: number;
  /** The `users` row of `userId`, read in the same statement (null: no such user any more). */
  user: Record<string, unknown> | null;
}

/** Where and on what a session began (kept in `sess` beside `userId`; listed by account/sessions.ts). */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
  /** ms since the epoch */
  createdAt: number;
}

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const seconds = (ms: number) => ms / 1000;

/**
 * The `session` table (sid, sess json, expire — the layout connect-pg-simple used, so sessions
 * made before stay valid). Reading a session also reads its user's row in the same prepared
 * statement (a left join on `sess.userId`, the users module's `joinUserSql`): one database round
 * trip per request of a signed-in user, planned once per pooled connection. Expired sessions are
 * never read; the `auth.prune-sessions` job deletes them (auth-housekeeping.jobs.ts). An account's
 * sessions are listed and ended for other modules by session-rows.ts.
 */
export class SessionStore {
  private readonly readSql: string;
  private readonly readIdSql: string;
  /** `readWith`'s statements, by name. */
  private readonly withRows = new Map<string, string>();

  constructor(
    private readonly pool: Pool,
    private readonly join: SessionUserJoin,
  ) {
    this.readSql = SessionStore.readStatement(join.columns);
    this.readIdSql = SessionStore.readStatement(['id']);
  }

  private static readStatement(userColumns: string[]): string {
    return `SELECT s.sess->>'userId' AS "sessionUserId", extract(epoch from s.expire::timestamptz) * 1000 AS "sessionExpiresAt",
       ${userColumns.map((c) => `u."${c}"`).join(', ')}
     FROM "session" s ${joinUserSql('u', `CASE WHEN s.sess->>'userId' ~* '${UUID}' THEN (s.sess->>'userId')::uuid END`, 'left join')}
     WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;
  }

  /**
   * The session `sid` with its user's row; `userRow: false` reads only the user's id (whether the
   * user still exists), for a request that needs no more (the cart poll): parsing the row's
   * columns was a tenth of a poll's CPU beyond the bare handler's (bench/README.md).
   */
  async read(sid: string, userRow = true): Promise<StoredSession | null> {
    const result = await this.pool.query({
      name: userRow ? 'drx_session_with_user' : 'drx_session_with_user_id',
      text: userRow ? this.readSql : this.readIdSql,
      values: [sid, seconds(Date.now())],
      types: this.join.types,
    });
    const row = result.rows[0] as Record<string, unknown> | undefined;
    if (!row) return null;
    const { sessionUserId, sessionExpiresAt, ...user } = row;
    return {
      userId: typeof sessionUserId === 'string' ? sessionUserId : null,
      expiresAt: Number(sessionExpiresAt),
      user: user.id == null ? null : user,
    };
  }

  /**
   * The session `sid` as `read(sid, false)` reads it, and in the same statement the rows of
   * `statement` for its user — `statement.sql(user)`, a SELECT whose only mention of the user is the
   * SQL expression `user`: one round trip where reading the session and then the rows took two
   * (the cart poll: bench/README.md, "The session and the cart in one statement"). Rows are empty
   * when the user is gone (each row also carries the three `drxSession…` columns); null: no such
   * session (or expired).
   */
  async readWith<T>(
    sid: string,
    statement: { name: string; sql: (user: string) => string },
  ): Promise<{ session: StoredSession; rows: T[] } | null> {
    let text = this.withRows.get(statement.name);
    if (text === undefined) {
      text = `WITH drx_session AS (${this.readIdSql})
        SELECT drx_session."sessionUserId" AS "drxSessionUserId",
          drx_session."sessionExpiresAt" AS "drxSessionExpiresAt", drx_session.id AS "drxSessionUser", drx_rows.*
        FROM drx_session
        LEFT JOIN LATERAL (${statement.sql('drx_session.id')}) drx_rows ON drx_session.id IS NOT NULL`;
      this.withRows.set(statement.name, text);
    }
    const result = await this.pool.query({
      name: `drx_session_with_${statement.name}`,
      text,
      values: [sid, seconds(Date.now())],
      types: this.join.types,
    });
    const all = result.rows as Record<string, unknown>[];
    const first = all[0];
    if (!first) return null;
    const userId = first.drxSessionUser == null ? null : String(first.drxSessionUser);
    const session: StoredSession = {
      userId: typeof first.drxSessionUserId === 'string' ? first.drxSessionUserId : null,
      expiresAt: Number(first.drxSessionExpiresAt),
      user: userId === null ? null : { id: userId },
    };
    return { session, rows: userId === null ? [] : (all as T[]) };
  }

  async create(sid: string, userId: string, expiresAt: number, about: SessionOrigin): Promise<void> {
    await this.pool.query('insert into "session" (sid, sess, expire) values ($1, $2, to_timestamp($3))', [
      sid,
      JSON.stringify({ userId, ...about }),
      seconds(expiresAt),
    ]);
  }

  async touch(sid: string, expiresAt: number): Promise<void> {
    await this.pool.query('update "session" set expire = to_timestamp($2) where sid = $1', [
      sid,
      seconds(expiresAt),
    ]);
  }

  async destroy(sid: string): Promise<void> {
    await this.pool.query('delete from "session" where sid = $1', [sid]);
  }
}
