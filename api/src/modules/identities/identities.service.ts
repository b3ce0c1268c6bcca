import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import {
  mailIdentityLinked,
  mailIdentityUnlinked,
  sendEmailVerification,
  admitHourly,
  type EventOrigin,
  recordSecurityEvent,
} from '../account';
import { verifyPassword } from '../auth';
import { hasPasskeySql, provenByPasskey, type RelyingParty } from '../passkeys';
import { claimStoreForVerifiedEmail } from '../shop';
import { accountIdByEmail, hasPasswordSql, lockAccountRow, takenUsernameKeys, User } from '../users';

/** What the identity provider said about the person (from the validated ID token and userinfo). */
export interface ProviderClaims {
  issuer: string;
  subject: string;
  email: string | null;
  /** Only `email_verified: true` counts. */
  emailVerified: boolean;
  preferredUsername: string | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** Where a provider sign-in leads. */
export type IdentityOutcome =
  | { kind: 'account'; user: User; created: boolean }
  | { kind: 'link'; userId: string; email: string }
  | { kind: 'refused'; message: string };

export const EMAIL_EXISTS_UNVERIFIED = (provider: string) =>
  `An account with your email address already exists, and ${provider} did not confirm that the address is yours, ` +
  `so we did not link them. Sign in with your username and password.`;
export const LINK_WRONG_PASSWORD = 'The password is not correct';
export const LINK_THROTTLED =
  'Too many attempts to link this account in the last hour. Please try again later.';
export const LINK_TAKEN = (provider: string) =>
  `This ${provider} account is already linked to another DRX account.`;
export const LINK_EMAIL_CHANGED = 'The account no longer uses this email address. Nothing was linked.';
export const UNLINK_LAST_WAY_IN =
  'This is the only way to sign in to your account. Set a password first (“Forgot password?” on the sign-in page mails a link), then unlink it.';

/** Password attempts on the link page one account allows in an hour. */
export const LINK_ATTEMPTS_PER_HOUR = 10;

const MAX_EMAIL = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function cleanEmail(email: string | null): string | null {
  const value = email?.trim().toLowerCase() ?? '';
  return value && value.length <= MAX_EMAIL && EMAIL.test(value) ? value : null;
}

const short = (value: string | null, max: number) => value?.trim().slice(0, max) || null;

/**
 * A username from what the provider gave: its preferred username, else the email's local part,
 * else the name — letters, digits and `_.-` only (the registration rule), 3 to 40 characters.
 */
export function usernameBase(claims: Pick<ProviderClaims, 'preferredUsername' | 'email' | 'name'>): string {
  const source =
    claims.preferredUsername?.split('@')[0] || claims.email?.split('@')[0] || claims.name || 'member';
  const ascii = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '.')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 40);
  return ascii.length >= 3 ? ascii : `member${ascii ? `.${ascii}` : ''}`.slice(0, 40);
}

/** The first of `base`, `base2` … `base9` nobody has; else `base` and six random digits. */
async function freeUsername(em: EntityManager, base: string): Promise<string> {
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}${i + 2}`)];
  const taken = await takenUsernameKeys(
    em,
    candidates.map((c) => c.toLowerCase()),
  );
  return (
    candidates.find((c) => !taken.has(c.toLowerCase())) ??
    `${base.slice(0, 43)}${Math.floor(100000 + Math.random() * 900000)}`
  );
}

/** The account linked to (issuer, subject), its link's last use noted; null when none is. */
async function linkedAccount(em: EntityManager, issuer: string, subject: string): Promise<User | null> {
  const rows = await em.execute<{ user_id: string }[]>(
    `update identities set last_used_at = now() where issuer = ? and subject = ? returning user_id`,
    [issuer, subject],
  );
  return rows[0] ? em.findOneOrFail(User, rows[0].user_id, { refresh: true }) : null;
}

/**
 * Decides a provider sign-in: the account linked to this person; else, when an account already
 * has their email, a link that needs the provider's word that the email is verified and the
 * account's proof (`link`), or nothing at all (`refused`) — never a link by email alone; else a
 * new member account (its email verified only on the provider's `email_verified: true`, otherwise
 * mailed a link as registration does) linked to them.
 */
export async function resolveIdentity(
  em: EntityManager,
  claims: ProviderClaims,
  provider: string,
  publicUrl: string,
): Promise<IdentityOutcome> {
  const known = await linkedAccount(em, claims.issuer, claims.subject);
  if (known) return { kind: 'account', user: known, created: false };
  const email = cleanEmail(claims.email);
  if (email) {
    const existing = await accountIdByEmail(em, email);
    if (existing) {
      return claims.emailVerified
        ? { kind: 'link', userId: existing, email }
        : { kind: 'refused', message: EMAIL_EXISTS_UNVERIFIED(provider) };
    }
  }
  const base = usernameBase(claims);
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await freeUsername(em, base);
    try {
      const user = await em.transactional(async (tem) => {
        const created = tem.create(User, {
          username,
          usernameKey: username.toLowerCase(),
          email,
          emailVerifiedAt: email && claims.emailVerified ? new Date() : null,
          firstName: short(claims.givenName, 100) ?? short(claims.name, 100),
          lastName: short(claims.familyName, 100),
          passwordHash: null,
          role: 'user',
          roles: ['user'],
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        await tem.flush();
        await tem.execute(`insert into identities (user_id, issuer, subject, email) values (?, ?, ?, ?)`, [
          created.id,
          claims.issuer,
          claims.subject,
          email,
        ]);
        if (email && claims.emailVerified) await claimStoreForVerifiedEmail(tem, created.id, email);
        else if (email) await sendEmailVerification(tem, created, publicUrl);
        return created;
      });
      return { kind: 'account', user, created: true };
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      em.clear();
      // The same person signing in twice at once: the first made the account.
      const raced = await linkedAccount(em, claims.issuer, claims.subject);
      if (raced) return { kind: 'account', user: raced, created: false };
      // Someone verified this email meanwhile, or took the username: decide again.
      if (email) {
        const existing = await accountIdByEmail(em, email);
        if (existing) {
          return claims.emailVerified
            ? { kind: 'link', userId: existing, email }
            : { kind: 'refused', message: EMAIL_EXISTS_UNVERIFIED(provider) };
        }
      }
    }
  }
  throw new Error('Could not find a free username for a new account');
}

/** What proves the account on the link page: its password, or one of its passkeys' answer. */
export type AccountProof = { password: string } | { passkeyResponse: string; rp: RelyingParty };

/** Throws INVALID_INPUT (on the proof's field) unless the proof is the account's. */
async function proveAccount(em: EntityManager, userId: string, proof: AccountProof): Promise<void> {
  if ('passkeyResponse' in proof) {
    await provenByPasskey(em, { userId, sessionId: null }, proof.passkeyResponse, proof.rp);
    return;
  }
  const account = await em.findOne(User, userId, { populate: ['passwordHash'], refresh: true });
  if (
    !(await verifyPassword(account?.passwordHash, typeof proof.password === 'string' ? proof.password : ''))
  ) {
    throw new DomainError('INVALID_INPUT', LINK_WRONG_PASSWORD, 'password');
  }
}

/**
 * Links the provider's person to the account with their (provider-verified) email once the person
 * proves the account: counted per account and hour, the account must still have that email, and
 * the (issuer, subject) pair is unique (a person already linked elsewhere is refused). Records
 * and mails the security event. Returns the account, for the caller to sign in.
 */
export async function linkIdentity(
  em: EntityManager,
  link: { issuer: string; subject: string; email: string; userId: string },
  proof: AccountProof,
  provider: string,
  publicUrl: string,
  origin: EventOrigin,
): Promise<User> {
  if (!(await admitHourly(em, `oidc-link:user:${link.userId}`, LINK_ATTEMPTS_PER_HOUR))) {
    throw new DomainError('TOO_MANY_ATTEMPTS', LINK_THROTTLED);
  }
  await proveAccount(em, link.userId, proof);
  await em.transactional(async (tem) => {
    const account = await lockAccountRow(tem, link.userId);
    if (account?.email?.toLowerCase() !== link.email) throw new DomainError('CONFLICT', LINK_EMAIL_CHANGED);
    const inserted = await tem.execute<{ user_id: string }[]>(
      `insert into identities (user_id, issuer, subject, email) values (?, ?, ?, ?)
       on conflict (issuer, subject) do nothing returning user_id`,
      [link.userId, link.issuer, link.subject, link.email],
    );
    if (!inserted.length) {
      const [holder] = await tem.execute<{ user_id: string }[]>(
        `select user_id from identities where issuer = ? and subject = ?`,
        [link.issuer, link.subject],
      );
      if (holder?.user_id !== link.userId) throw new DomainError('CONFLICT', LINK_TAKEN(provider));
      return; // Linked already (the page sent twice): nothing new to tell.
    }
    await recordSecurityEvent(tem, link.userId, 'identity_linked', origin, `${provider} (${link.email})`);
    const user = await tem.findOneOrFail(User, link.userId);
    if (user.email) await mailIdentityLinked(tem, user.email, user, provider, publicUrl);
  });
  return em.findOneOrFail(User, link.userId, { refresh: true });
}

export interface IdentityRow {
  id: string;
  issuer: string;
  email: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** The account's linked provider sign-ins, oldest first. */
export async function listIdentities(em: EntityManager, userId: string): Promise<IdentityRow[]> {
  const rows = await em.execute<IdentityRow[]>(
    `select id, issuer, email, created_at as "createdAt", last_used_at as "lastUsedAt"
     from identities where user_id = ? order by created_at, id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt), lastUsedAt: new Date(r.lastUsedAt) }));
}

/**
 * Unlinks one of the account's provider sign-ins — only while the account keeps a way in: a
 * password, another linked provider or a passkey. The account row is locked first, so two unlinks
 * (or an unlink and a passkey's removal) at once cannot both remove the last two ways in.
 */
export async function unlinkIdentity(
  em: EntityManager,
  user: User,
  identityId: string,
  providerName: (issuer: string) => string,
  publicUrl: string,
  origin: EventOrigin,
): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(identityId))
    throw new DomainError('NOT_FOUND', 'This linked sign-in was not found.');
  await em.transactional(async (tem) => {
    await lockAccountRow(tem, user.id);
    const deleted = await tem.execute<{ issuer: string }[]>(
      `delete from identities i where i.id = ? and i.user_id = ?
         and (${hasPasswordSql('i.user_id')}
              or exists (select 1 from identities o where o.user_id = i.user_id and o.id <> i.id)
              or ${hasPasskeySql('i.user_id')})
       returning issuer`,
      [identityId, user.id],
    );
    if (!deleted.length) {
      const [mine] = await tem.execute(`select 1 from identities where id = ? and user_id = ?`, [
        identityId,
        user.id,
      ]);
      if (mine) throw new DomainError('INVALID_INPUT', UNLINK_LAST_WAY_IN);
      throw new DomainError('NOT_FOUND', 'This linked sign-in was not found.');
    }
    const name = providerName(deleted[0].issuer);
    await recordSecurityEvent(tem, user.id, 'identity_unlinked', origin, name);
    const account = await tem.findOneOrFail(User, user.id, { refresh: true });
    if (account.email) await mailIdentityUnlinked(tem, account.email, account, name, publicUrl);
  });
}
