import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import {
  createdKey,
  escapeLike,
  idKey,
  keysetConnection,
  keysetPage,
  searchText,
} from '../../graphql/keyset';
import { joinUserSql, lockAccountRow, STAFF_ROLES, usernameSql } from '../users';
import type { Viewer } from '../auth';
import { isUuid } from '../../lib/ids';
import { API_TOKEN_SCOPES, isApiTokenScope } from './api-token-scopes';
import { SHOWN_PREFIX_LENGTH, newTokenSecret, tokenHash } from './token-secret';

/** How many unrevoked tokens one person may hold. */
export const MAX_ACTIVE_TOKENS = 25;
/** The longest expiry a token may be given (a token may also never expire). */
export const MAX_EXPIRY_DAYS = 366;
export const NAME_MAX = 100;

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** A token as lists show it (never its secret). */
export interface ApiTokenRow {
  id: string;
  userId: string;
  name: string;
  tokenPrefix: string;
  scopes: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  ownerUsername: string;
  status: ApiTokenStatus;
}

export interface ApiTokenCreateInput {
  name: string;
  scopes: string[];
  /** Days until it stops working; null or absent: never. */
  expiresInDays?: number | null;
}

const COLUMNS = `t.id, t.user_id as "userId", t.name, t.token_prefix as "tokenPrefix", t.scopes,
  t.expires_at as "expiresAt", t.last_used_at as "lastUsedAt", t.created_at as "createdAt",
  t.revoked_at as "revokedAt", ${usernameSql('t.user_id')} as "ownerUsername",
  case when t.revoked_at is not null then 'revoked'
       when t.expires_at is not null and t.expires_at <= now() then 'expired'
       else 'active' end as status`;

/**
 * Personal API tokens: created by their owner (the secret is returned once; only its SHA-256 is
 * kept), listed and revoked by the owner, listed and revoked by admins for everyone.
 */
export class ApiTokensService {
  constructor(private readonly em: EntityManager) {}

  private execute<R extends object>(sql: string, params: unknown[]): Promise<R[]> {
    return this.em.getConnection().execute<R[]>(sql, params, 'all', this.em.getTransactionContext());
  }

  /** Token rows with their times as dates (the raw driver gives timestamptz as text). */
  private async tokens(sql: string, params: unknown[]): Promise<ApiTokenRow[]> {
    const date = (value: unknown) => (value == null ? null : new Date(value as string));
    return (await this.execute<ApiTokenRow>(sql, params)).map((row) => ({
      ...row,
      expiresAt: date(row.expiresAt),
      lastUsedAt: date(row.lastUsedAt),
      createdAt: date(row.createdAt)!,
      revokedAt: date(row.revokedAt),
    }));
  }

  /** Makes a token for `owner`; returns it with its secret (shown this once). */
  async create(owner: Viewer, input: ApiTokenCreateInput): Promise<{ apiToken: ApiTokenRow; token: string }> {
    const name = input.name.trim();
    if (!name) throw new DomainError('INVALID_INPUT', 'Give the token a name.', 'name');
    if (name.length > NAME_MAX) {
      throw new DomainError('INVALID_INPUT', `The name must be at most ${NAME_MAX} characters.`, 'name');
    }
    const scopes = [...new Set(input.scopes)];
    if (scopes.length === 0) throw new DomainError('INVALID_INPUT', 'Choose at least one scope.', 'scopes');
    const unknown = scopes.find((scope) => !isApiTokenScope(scope));
    if (unknown !== undefined) {
      throw new DomainError(
        'INVALID_INPUT',
        `Unknown scope "${unknown.slice(0, 40)}". Scopes: ${API_TOKEN_SCOPES.join(', ')}.`,
        'scopes',
      );
    }
    if (scopes.includes('admin') && !owner.roles.some((role) => STAFF_ROLES.includes(role as never))) {
      throw new DomainError('INVALID_INPUT', 'Only staff may create tokens with the admin scope.', 'scopes');
    }
    const days = input.expiresInDays;
    if (days != null && (!Number.isInteger(days) || days < 1 || days > MAX_EXPIRY_DAYS)) {
      throw new DomainError(
        'INVALID_INPUT',
        `The expiry must be 1 to ${MAX_EXPIRY_DAYS} days, or none.`,
        'expiresInDays',
      );
    }
    const token = newTokenSecret();
    // The cap is checked in the insert itself, under a lock on the owner's row: parallel creations
    // cannot pass it together.
    const created = await this.em.transactional(async (tx) => {
      await lockAccountRow(tx, owner.id);
      return tx.getConnection().execute<{ id: string }[]>(
        `insert into "api_tokens" (user_id, name, token_hash, token_prefix, scopes, expires_at)
         select ?, ?, ?, ?, ?::text[], case when ?::int is null then null else now() + make_interval(days => ?::int) end
         where (select count(*) from "api_tokens" where user_id = ? and revoked_at is null
                  and (expires_at is null or expires_at > now())) < ?
         returning id`,
        [
          owner.id,
          name,
          tokenHash(token),
          token.slice(0, SHOWN_PREFIX_LENGTH),
          // An array literal: knex would spread a JS array into a list (the scopes are known words).
          `{${scopes.join(',')}}`,
          days ?? null,
          days ?? null,
          owner.id,
          MAX_ACTIVE_TOKENS,
        ],
        'all',
        tx.getTransactionContext(),
      );
    });
    if (created.length === 0) {
      throw new DomainError(
        'CONFLICT',
        `You have ${MAX_ACTIVE_TOKENS} active tokens, the most allowed: revoke one you no longer use first.`,
      );
    }
    return { apiToken: (await this.find(created[0].id))!, token };
  }

  /** One token by id, or null. */
  async find(id: string): Promise<ApiTokenRow | null> {
    if (!isUuid(id)) return null;
    const rows = await this.tokens(`select ${COLUMNS} from "api_tokens" t where t.id = ?`, [id]);
    return rows[0] ?? null;
  }

  /** The owner's tokens, newest first: active ones, then expired and revoked ones of the last 90 days. */
  async listMine(userId: string): Promise<ApiTokenRow[]> {
    return this.tokens(
      `select ${COLUMNS} from "api_tokens" t
       where t.user_id = ? and (t.revoked_at is null or t.revoked_at > now() - interval '90 days')
       order by (t.revoked_at is null and (t.expires_at is null or t.expires_at > now())) desc,
                t.created_at desc, t.id desc
       limit 200`,
      [userId],
    );
  }

  /**
   * Revokes a token: the owner's own (`ownerId`), or anyone's when `ownerId` is null (admins).
   * Revoking a revoked token changes nothing and succeeds.
   */
  async revoke(id: string, by: Viewer, ownerId: string | null): Promise<ApiTokenRow> {
    const token = await this.find(id);
    if (!token || (ownerId !== null && token.userId !== ownerId)) {
      throw new DomainError('NOT_FOUND', 'There is no such token.', 'id');
    }
    await this.execute(
      `update "api_tokens" set revoked_at = now(), revoked_by_id = ? where id = ? and revoked_at is null`,
      [by.id, id],
    );
    return (await this.find(id))!;
  }

  /** Every token (admins), newest first, optionally by status and owner/name text. */
  async listAll(options: {
    first: number;
    after?: string | null;
    search?: string | null;
    status?: ApiTokenStatus | null;
  }): Promise<ConnectionShape<ApiTokenRow>> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    const text = searchText(options.search);
    if (text) {
      const like = `%${escapeLike(text)}%`;
      where.push(`(t.name ilike ? or t.token_prefix ilike ? or u.username ilike ? or u.email ilike ?)`);
      params.push(like, like, like, like);
    }
    if (options.status === 'revoked') where.push('t.revoked_at is not null');
    if (options.status === 'expired') where.push('t.revoked_at is null and t.expires_at <= now()');
    if (options.status === 'active') {
      where.push('t.revoked_at is null and (t.expires_at is null or t.expires_at > now())');
    }
    const page = keysetPage({
      from: `"api_tokens" t ${joinUserSql('u', 't.user_id')}`,
      alias: 't',
      where: { sql: where.join(' and '), params },
      sort: 'created',
      keys: [createdKey('t'), idKey('t', true)],
      first: options.first,
      after: options.after,
    });
    return keysetConnection({
      execute: (sql, p) => this.execute(sql, p),
      page,
      first: options.first,
      after: options.after,
      load: (ids) =>
        ids.length
          ? this.tokens(`select ${COLUMNS} from "api_tokens" t where t.id in (?)`, [ids])
          : Promise.resolve([]),
    });
  }
}
