import type { EntityManager } from '@mikro-orm/postgresql';
import { sendMail } from '../mail';

/** The last mail of a deleted account, to the address it had (written in the deletion's transaction). */
export function mailAccountDeleted(
  em: EntityManager,
  to: string,
  user: { username: string; displayName: string },
  publicUrl: string,
): Promise<{ id: string }> {
  return sendMail(em, {
    to,
    subject: 'Your DRX account was deleted',
    text:
      `Hello ${user.displayName},\n\n` +
      `Your DRX account "${user.username}" was deleted on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `as you asked. Your personal data was erased; orders and payments are kept without your name for ` +
      `our accounts, and messages you sent show as from "Deleted user". You were signed out everywhere ` +
      `and this address receives no more mail from us.\n\n` +
      `If this was not you, tell us at once at ${publicUrl}/contact.\n`,
  });
}
