import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { CustomTypesConfig } from 'pg';
import { queryRows } from '../../db/pg-query';
import { User } from '../users/user.entity';
import { type SessionUserJoin, sessionUserRow } from './session-store';

/** The columns `em.findOne(User, …)` reads: every persisted property but the lazy ones (the hash). */
function userColumns(em: EntityManager): string[] {
  return em
    .getMetadata()
    .get(User.name)
    .props.filter((prop) => prop.persist !== false && !prop.lazy && prop.fieldNames?.length)
    .flatMap((prop) => prop.fieldNames);
}

let userSql: string | undefined;

function sqlFor(em: EntityManager): string {
  userSql ??= `select ${userColumns(em)
    .map((c) => `"${c}"`)
    .join(', ')} from "users" where "id" = ? limit 1`;
  return userSql;
}

/** What the session store needs to read the session's user with the session (see createSessionStore). */
export function sessionUserJoin(em: EntityManager): SessionUserJoin {
  const options = em.getConnection().getConnectionOptions() as { types?: CustomTypesConfig };
  if (!options.types) throw new Error('The ORM connection has no type parsers');
  return { columns: userColumns(em), types: options.types };
}

/**
 * The signed-in user of a request, read fresh from the database on every request (so role changes
 * and deletions take effect on the next request): the same row and managed entity as
 * `em.findOne(User, { id })` on the request's new fork. Usually the session store has already read
 * the row in the session's own statement (`sessionUserRow`); otherwise (a session started during
 * this request) one parameterized statement reads it.
 */
export async function loadSessionUser(em: EntityManager, req: Request, id: string): Promise<User | null> {
  const joined = sessionUserRow(req);
  if (joined && joined.id === id) return em.map(User, joined);
  const rows = await queryRows<Record<string, unknown>>(em, sqlFor(em), [id]);
  return rows.length > 0 ? em.map(User, rows[0]) : null;
}
