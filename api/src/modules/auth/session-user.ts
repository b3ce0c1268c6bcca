import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { ormTypeParsers, queryRows } from '../../db/pg-query';
import { User, userByIdSql, userRowColumns } from '../users';
import type { SessionUserJoin } from './session-store';

let userSql: string | undefined;

/** The users module's statement for the session's user (its columns as the ORM reads them). */
function sqlFor(em: EntityManager): string {
  userSql ??= userByIdSql(userRowColumns(em));
  return userSql;
}

/** What the session store needs to read the session's user with the session (see SessionStore). */
export function sessionUserJoin(em: EntityManager): SessionUserJoin {
  return { columns: userRowColumns(em), types: ormTypeParsers(em) };
}

/** The `users` row of the signed-in user, as read with the session (column names). */
export type SessionUserRow = Record<string, unknown> & { id: string; role: string; roles: string[] };

/** Who is signed in, for authorization: the user's id and roles, without a managed entity. */
export interface Viewer {
  id: string;
  role: string;
  roles: string[];
}

/**
 * The `users` row of the request's signed-in user, read fresh from the database on every request
 * (so role changes and deletions take effect on the next request). Usually the session
 * middleware has already read it in the session's own statement (`req.session.userRow`);
 * otherwise (a session started during this request) one prepared statement reads it.
 */
export async function loadSessionUserRow(
  em: EntityManager,
  req: Request,
  id: string,
): Promise<SessionUserRow | null> {
  const joined = req.session?.userRow;
  if (joined && joined.id === id) return joined as SessionUserRow;
  const rows = await queryRows<SessionUserRow>(em, sqlFor(em), [id]);
  return rows[0] ?? null;
}

export function viewerOf(user: Viewer): Viewer {
  return { id: user.id, role: user.role, roles: user.roles };
}

/**
 * The managed `User` entity of the row on the request's fork: the same entity as
 * `em.findOne(User, …)` would give. Called on first use only, since mapping an entity is a good
 * part of a small request's CPU (the cart polls every 3 s and needs only the id). If the fork
 * already holds the user (a resolver loaded it first), that entity is returned as it is, so the
 * session's row never overwrites changes not yet flushed.
 */
export function managedUser(em: EntityManager, row: SessionUserRow): User {
  return em.getUnitOfWork().getById<User>(User.name, row.id) ?? em.map(User, row);
}
