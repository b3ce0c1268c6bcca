import type { Pool } from 'pg';
import type { SessionUserJoin } from '../auth';
import { joinUserSql } from '../users';

/** A valid token as read at the start of a request, with its owner's `users` row. */
export interface StoredApiToken {
  id: string;
  userId: string;
  scopes: string[];
  lastUsedAt: Date | null;
  user: Record<string, unknown>;
}

/** last_used_at is written at most this often per token (not on every request). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Reads bearer tokens as the session store reads sessions: one prepared statement on the read
 * pool returns the token (unrevoked, unexpired) and its owner's row (the users module's join), so
 * the owner's roles are fresh on every request.
 */
export class ApiTokenStore {
  private readonly readSql: string;

  constructor(
    private readonly pool: Pool,
    private readonly join: SessionUserJoin,
  ) {
    this.readSql = `SELECT t.id AS "tokenId", t.scopes AS "tokenScopes", t.last_used_at AS "tokenLastUsedAt",
       ${join.columns.map((c) => `u."${c}"`).join(', ')}
     FROM "api_tokens" t ${joinUserSql('u', 't.user_id')}
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`;
  }

  async read(hash: string): Promise<StoredApiToken | null> {
    const result = await this.pool.query({
      name: 'drx_api_token_with_user',
      text: this.readSql,
      values: [hash],
      types: this.join.types,
    });
    const row = result.rows[0] as Record<string, unknown> | undefined;
    if (!row) return null;
    const { tokenId, tokenScopes, tokenLastUsedAt, ...user } = row;
    return {
      id: String(tokenId),
      userId: String(user.id),
      scopes: tokenScopes as string[],
      lastUsedAt: tokenLastUsedAt ? new Date(tokenLastUsedAt as string | Date) : null,
      user,
    };
  }

  /** Whether token `id` still works (an open event stream asks before each event). */
  async stillValid(id: string): Promise<boolean> {
    const result = await this.pool.query({
      name: 'drx_api_token_valid',
      text: `SELECT 1 FROM "api_tokens" WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      values: [id],
    });
    return result.rowCount === 1;
  }

  /** Records a use, unless one was recorded within LAST_USED_RESOLUTION_MS. */
  async touch(token: StoredApiToken): Promise<void> {
    if (token.lastUsedAt && Date.now() - token.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    await this.pool.query({
      name: 'drx_api_token_touch',
      text: `UPDATE "api_tokens" SET last_used_at = now()
             WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2))`,
      values: [token.id, LAST_USED_RESOLUTION_MS / 1000],
    });
  }
}
