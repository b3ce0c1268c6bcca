import type { EntityManager } from '@mikro-orm/postgresql';
import { notificationsSuppressed, notify, publicSiteUrl } from '../notifications';
import { userNameParts } from '../users';

export type ModerationOutcome = { type: 'approved' } | { type: 'rejected'; reason: string };

/** Subject and text of the mail telling a seller staff approved or rejected their resource. */
export function resourceModerationMailContent(
  resource: { id: string; title: string; sellerName: string },
  outcome: ModerationOutcome,
  siteUrl: string,
): { subject: string; text: string } {
  const hello = `Hi ${resource.sellerName},\n\n`;
  if (outcome.type === 'approved') {
    return {
      subject: `Your resource "${resource.title}" is approved`,
      text:
        hello +
        `The curriculum team approved "${resource.title}". It is published in the store now.\n\n` +
        `See it: ${siteUrl}/curriculum/${resource.id}\n` +
        `Your resources: ${siteUrl}/seller/resources\n`,
    };
  }
  return {
    subject: `Your resource "${resource.title}" was not approved`,
    text:
      hello +
      `The curriculum team did not approve "${resource.title}", so it is not in the store.\n\n` +
      `Their reason:\n${outcome.reason}\n\n` +
      `Edit it and save your changes to send it for review again: ${siteUrl}/curriculum/${resource.id}/edit\n` +
      `Your resources: ${siteUrl}/seller/resources\n`,
  };
}

/** Mails the seller of a resource the moderation outcome (kind `resources`), in the caller's transaction. */
export async function sendResourceModerationMail(
  em: EntityManager,
  resourceId: string,
  outcome: ModerationOutcome,
): Promise<{ id: string } | null> {
  if (notificationsSuppressed()) return null;
  const [row] = await em
    .getConnection()
    .execute<{ id: string; title: string; seller_id: string }[]>(
      `select r.id, r.title, r.seller_id from resources r where r.id = ?`,
      [resourceId],
      'all',
      em.getTransactionContext(),
    );
  const seller = row ? await userNameParts(em, row.seller_id) : null;
  if (!row || !seller) return null;
  const content = resourceModerationMailContent(
    { id: row.id, title: row.title, sellerName: seller.first_name || seller.username },
    outcome,
    publicSiteUrl(),
  );
  return notify(em, { userId: row.seller_id, kind: 'resources', ...content });
}
