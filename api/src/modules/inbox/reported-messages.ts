/**
 * The conversation messages a report points at are the messaging module's (`messages`,
 * `conversations`). It depends on this module (it files the reports: `fileMessageReport`), so it
 * registers its SQL when its `module.ts` loads instead of being imported (as the passkeys module
 * does for the account: account/passkey-hooks.ts); the inbox joins it into its own statements.
 */

let messagesSql: string | null = null;

/**
 * Registers the messaging module's subquery of messages: columns `id`, `body`, `sender_id`,
 * `conversation_id`, `created_at` and the conversation's `subject`.
 */
export function registerReportedMessagesSql(sql: string): void {
  messagesSql = sql;
}

/** The registered subquery; throws when none was registered (a missing import). */
export function reportedMessagesSql(): string {
  if (!messagesSql)
    throw new Error('The messaging module registered no messages SQL (registerReportedMessagesSql)');
  return messagesSql;
}
