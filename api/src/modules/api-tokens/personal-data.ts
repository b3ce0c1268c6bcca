import type { EntityManager } from '@mikro-orm/postgresql';

/** The api-tokens module's part of "download my data" and "delete my account" (privacy module). */
export async function exportApiTokensData(
  em: EntityManager,
  userId: string,
): Promise<{ apiTokens: Record<string, unknown>[] }> {
  // The prefix only: never the token's hash.
  const apiTokens = await em.execute<Record<string, unknown>[]>(
    `select name, token_prefix as "prefix", scopes, created_at as "createdAt", last_used_at as "lastUsedAt",
       expires_at as "expiresAt", revoked_at as "revokedAt"
     from api_tokens where user_id = ? order by created_at`,
    [userId],
  );
  return { apiTokens };
}

/** In the deletion's transaction: the person's API tokens go (a way in). */
export async function eraseApiTokensData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from api_tokens where user_id = ?`, [userId]);
}
