import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionShape } from '../../graphql/connection';
import { createdKey, idKey, keysetConnection, keysetPage } from '../../graphql/keyset';
import { joinUserSql } from '../users';

/** What changed on an account's security (the values of SecurityEventKindValue). */
export type SecurityEventKind =
  | 'password_reset'
  | 'password_changed'
  | 'email_changed'
  | 'email_verified'
  | 'session_ended'
  | 'other_sessions_ended'
  | 'account_deleted'
  | 'identity_linked'
  | 'identity_unlinked'
  | 'passkey_added'
  | 'passkey_removed'
  | 'two_step_enabled'
  | 'two_step_disabled'
  | 'recovery_codes_regenerated'
  | 'recovery_code_used';

/** The request an event came from: its client address and browser. */
export interface EventOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface SecurityEventRow {
  id: string;
  userId: string;
  username: string;
  kind: SecurityEventKind;
  ip: string | null;
  userAgent: string | null;
  detail: string | null;
  createdAt: Date;
}

/** Records an event inside the caller's transaction (no record for a change that rolled back). */
export async function recordSecurityEvent(
  em: EntityManager,
  userId: string,
  kind: SecurityEventKind,
  origin: EventOrigin,
  detail: string | null = null,
): Promise<void> {
  await em.execute(
    `insert into security_events (user_id, kind, ip, user_agent, detail) values (?, ?, ?, ?, ?)`,
    [userId, kind, origin.ip?.slice(0, 100) ?? null, origin.userAgent?.slice(0, 400) ?? null, detail],
  );
}

const COLUMNS = `e.id, e.user_id as "userId", u.username, e.kind, e.ip, e.user_agent as "userAgent", e.detail,
  e.created_at as "createdAt"`;

/** Every account's security events, newest first; optionally one account's or one kind's. */
export async function listSecurityEvents(
  em: EntityManager,
  options: { first: number; after?: string | null; userId?: string | null; kind?: SecurityEventKind | null },
): Promise<ConnectionShape<SecurityEventRow>> {
  const where: string[] = ['true'];
  const params: unknown[] = [];
  if (options.userId) {
    where.push('e.user_id = ?');
    params.push(options.userId);
  }
  if (options.kind) {
    where.push('e.kind = ?');
    params.push(options.kind);
  }
  const page = keysetPage({
    from: `"security_events" e`,
    alias: 'e',
    where: { sql: where.join(' and '), params },
    sort: 'created',
    keys: [createdKey('e'), idKey('e', true)],
    first: options.first,
    after: options.after,
  });
  return keysetConnection({
    execute: (sql, p) => em.execute(sql, p),
    page,
    first: options.first,
    after: options.after,
    load: async (ids) => {
      if (!ids.length) return [];
      const rows = await em.execute<SecurityEventRow[]>(
        `select ${COLUMNS} from "security_events" e ${joinUserSql('u', 'e.user_id')} where e.id in (?)`,
        [ids],
      );
      return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
    },
  });
}
