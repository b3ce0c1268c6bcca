import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/**
 * The `users` table's SQL pieces for other modules' statements (table owners, issue 32): the
 * session and API-token reads of every request, the token list's owner name and the way-in
 * guards of passkeys and identities stay one statement, with the table named only here. The
 * arguments are the caller's aliases and column expressions or `?` placeholders, never input.
 */

/** The columns `em.findOne(User, …)` reads: every persisted property but the lazy ones (the hash). */
export function userRowColumns(em: EntityManager): string[] {
  return em
    .getMetadata()
    .get(User.name)
    .props.filter((prop) => prop.persist !== false && !prop.lazy && prop.fieldNames?.length)
    .flatMap((prop) => prop.fieldNames);
}

/** A statement reading the account `?` (its id) with these columns (`userRowColumns`). */
export function userByIdSql(columns: string[]): string {
  return `select ${columns.map((c) => `"${c}"`).join(', ')} from "users" where "id" = ? limit 1`;
}

/** `join "users" <alias> on <alias>.id = <idExpr>` (or `left join`): the account of the caller's row. */
export function joinUserSql(alias: string, idExpr: string, kind: 'join' | 'left join' = 'join'): string {
  return `${kind} "users" ${alias} on ${alias}.id = ${idExpr}`;
}

/** A scalar subquery: the username of the account `idExpr`. */
export const usernameSql = (idExpr: string) => `(select username from "users" where id = ${idExpr})`;

/** Whether the account `idExpr` has a password (a way in), as an `exists`. */
export const hasPasswordSql = (idExpr: string) =>
  `exists (select 1 from users u where u.id = ${idExpr} and u.password_hash is not null)`;

/**
 * A scalar subquery: the account that verified the email `emailExpr` (any letter case; the oldest
 * should two ever have), null when none did. The shop gives a store buyer's order to it.
 */
export const verifiedAccountByEmailSql = (emailExpr: string) =>
  `(select u.id from users u where lower(u.email) = lower(${emailExpr})
  and u.email_verified_at is not null order by u.created_at, u.id limit 1)`;
