import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { userExists } from '../users';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_TEXT,
  isNotificationKind,
  type NotificationKind,
} from './notification-kinds';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** One kind of email and whether the user gets it. */
export interface PreferenceView {
  kind: NotificationKind;
  label: string;
  description: string;
  enabled: boolean;
}

/**
 * Reads and writes `notification_preferences` (no row = on). Writes are single upserts, so two
 * tabs or a mail link and the settings page racing each other leave the last write standing.
 */
export class NotificationPreferencesService {
  constructor(private readonly em: EntityManager) {}

  /** Every kind, in NOTIFICATION_KINDS order, with the user's choice. */
  async list(userId: string): Promise<PreferenceView[]> {
    const rows: { kind: string; enabled: boolean }[] = await this.em
      .getConnection()
      .execute(
        `select "kind", "enabled" from "notification_preferences" where "user_id" = ?`,
        [userId],
        'all',
        this.em.getTransactionContext(),
      );
    const chosen = new Map(rows.map((r) => [r.kind, r.enabled]));
    return NOTIFICATION_KINDS.map((kind) => ({
      kind,
      ...NOTIFICATION_KIND_TEXT[kind],
      enabled: chosen.get(kind) ?? true,
    }));
  }

  /** Sets the given kinds (the others stay as they are); returns every kind afterwards. */
  async update(userId: string, preferences: { kind: string; enabled: boolean }[]): Promise<PreferenceView[]> {
    if (preferences.length === 0)
      throw new DomainError('INVALID_INPUT', 'Choose at least one kind of email.', 'preferences');
    const seen = new Set<string>();
    for (const p of preferences) {
      if (!isNotificationKind(p.kind))
        throw new DomainError('INVALID_INPUT', 'Unknown kind of email.', 'preferences');
      if (seen.has(p.kind)) {
        throw new DomainError('INVALID_INPUT', 'Each kind of email may be listed once.', 'preferences');
      }
      seen.add(p.kind);
    }
    await this.em.transactional(async (tx) => {
      for (const p of preferences) await setPreference(tx, userId, p.kind as NotificationKind, p.enabled);
    });
    return this.list(userId);
  }

  /**
   * Switches off the kind of a genuine unsubscribe token (no session needed: the token is the
   * proof). Returns the kind; INVALID_INPUT for a forged, altered or malformed token, NOT_FOUND when
   * the account is gone.
   */
  async unsubscribe(token: unknown, secret: string): Promise<NotificationKind> {
    const claim = verifyUnsubscribeToken(token, secret);
    if (!claim) {
      throw new DomainError(
        'INVALID_INPUT',
        'This unsubscribe link is not valid. Check that you opened the whole link from the email.',
        'token',
      );
    }
    const done = await this.em.transactional((tx) => setPreference(tx, claim.userId, claim.kind, false));
    if (!done) throw new DomainError('NOT_FOUND', 'This account no longer exists.', 'token');
    return claim.kind;
  }
}

/** Upserts one preference; false when the user does not exist. */
async function setPreference(
  em: EntityManager,
  userId: string,
  kind: NotificationKind,
  enabled: boolean,
): Promise<boolean> {
  if (!(await userExists(em, userId))) return false;
  const rows: unknown[] = await em.getConnection().execute(
    `insert into "notification_preferences" ("user_id", "kind", "enabled", "updated_at")
       values (?, ?, ?, now())
     on conflict ("user_id", "kind") do update set "enabled" = excluded."enabled", "updated_at" = excluded."updated_at"
     returning "user_id"`,
    [userId, kind, enabled],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}
