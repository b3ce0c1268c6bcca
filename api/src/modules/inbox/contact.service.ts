import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { type ContactFields, validateContact } from './contact-input';

/** Contact messages allowed per hour from one address and for one email address. */
export const CONTACT_LIMIT_PER_HOUR = 5;

export const CONTACT_RATE_LIMITED_MESSAGE =
  'You have sent several messages in the last hour. Please wait a while before sending another.';

export interface ContactSender {
  /** The client's address (graph context `ip`). */
  ip: string;
  /** The signed-in sender, if any. */
  userId: string | null;
}

/**
 * The public contact form: one `inbox_items` row of kind `contact` for the staff inbox.
 *
 * - `website` is a honeypot the web form hides from people: when a bot fills it, the answer is the
 *   same as a success, before any check, and nothing is stored (the bot learns nothing).
 * - At most CONTACT_LIMIT_PER_HOUR messages per hour from one IP address and for one email
 *   address (case-insensitive), counted in the table inside the insert's transaction under
 *   transaction-scoped advisory locks on both keys (always taken in the same order), so a parallel
 *   burst lets exactly the limit through, across processes. RATE_LIMITED otherwise.
 *
 * Returns false for a honeypot hit, true when stored. DomainError INVALID_INPUT, RATE_LIMITED.
 */
export async function sendContact(
  em: EntityManager,
  input: ContactFields & { website?: string | null },
  sender: ContactSender,
): Promise<boolean> {
  if (input.website?.trim()) return false;
  const clean = validateContact(input);
  const ip = sender.ip.slice(0, 64);
  await em.transactional(async (tem) => {
    const ctx = tem.getTransactionContext();
    const sql = tem.getConnection();
    await sql.execute(
      `select pg_advisory_xact_lock(hashtext('inbox.contact.ip'), hashtext(?))`,
      [ip],
      'all',
      ctx,
    );
    await sql.execute(
      `select pg_advisory_xact_lock(hashtext('inbox.contact.email'), hashtext(lower(?)))`,
      [clean.email],
      'all',
      ctx,
    );
    const [counts]: { by_ip: number; by_email: number }[] = await sql.execute(
      `select count(*) filter (where "ip" = ?)::int as "by_ip",
              count(*) filter (where lower("email") = lower(?))::int as "by_email"
         from "inbox_items"
        where "kind" = 'contact' and "created_at" > clock_timestamp() - interval '1 hour'
          and ("ip" = ? or lower("email") = lower(?))`,
      [ip, clean.email, ip, clean.email],
      'all',
      ctx,
    );
    if (counts.by_ip >= CONTACT_LIMIT_PER_HOUR || counts.by_email >= CONTACT_LIMIT_PER_HOUR) {
      throw new DomainError('RATE_LIMITED', CONTACT_RATE_LIMITED_MESSAGE);
    }
    await sql.execute(
      `insert into "inbox_items" ("kind", "name", "email", "subject", "body", "user_id", "ip")
         values ('contact', ?, ?, ?, ?, ?, ?)`,
      [clean.name, clean.email, clean.subject, clean.message, sender.userId, ip],
      'all',
      ctx,
    );
  });
  return true;
}
