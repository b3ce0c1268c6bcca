import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeHtml } from '../mail';
import { sendMail } from '../mail';
import { adminEmails } from '../users';

/**
 * Switches an endpoint off after repeated failure, in the transaction of the attempt that decided
 * it: a message used up its retries (12 attempts over 3 days by default) and the endpoint has had
 * no successful delivery since that message was made — so an endpoint that refuses one payload but
 * takes the others stays on. Every admin gets a mail (kept in the outbox without SMTP), and the
 * admin pages show the reason. New events are not queued for it until an admin switches it on
 * again, which resumes its pending messages.
 */
export async function switchOffEndpoint(
  em: EntityManager,
  endpointId: string,
  options: { unlessSuccessSince: Date; reason: string; publicUrl: string },
): Promise<boolean> {
  const [endpoint] = await em.execute<{ id: string; url: string; description: string }[]>(
    `update webhook_endpoints set enabled = false, disabled_at = clock_timestamp(), disabled_reason = ?, updated_at = clock_timestamp()
     where id = ? and enabled and (last_success_at is null or last_success_at < ?)
     returning id, url, description`,
    [options.reason.slice(0, 500), endpointId, options.unlessSuccessSince],
  );
  if (!endpoint) return false;
  const admins = await adminEmails(em);
  const label = endpoint.description ? `${endpoint.description} (${endpoint.url})` : endpoint.url;
  const page = `${options.publicUrl.replace(/\/+$/, '')}/admin/webhooks/${endpoint.id}`;
  for (const email of admins) {
    await sendMail(em, {
      to: email,
      subject: 'A webhook endpoint was switched off',
      text:
        `DRX switched off the webhook endpoint ${label} after repeated failed deliveries.\n\n` +
        `${options.reason}\n\n` +
        `Its pending messages wait. Fix the receiver, then switch the endpoint on again at ${page}; ` +
        'failed messages can be redelivered from its delivery log.',
      html:
        `<p>DRX switched off the webhook endpoint <strong>${escapeHtml(label)}</strong> after repeated failed deliveries.</p>` +
        `<p>${escapeHtml(options.reason)}</p>` +
        `<p>Its pending messages wait. Fix the receiver, then switch the endpoint on again at ${escapeHtml(page)}; ` +
        'failed messages can be redelivered from its delivery log.</p>',
    });
  }
  return true;
}
