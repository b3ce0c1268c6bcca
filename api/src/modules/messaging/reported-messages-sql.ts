/**
 * The messages the staff inbox shows and copies into a report, with their conversation's subject
 * (registered with the inbox by module.ts: inbox/reported-messages.ts). Columns: `id`, `body`,
 * `sender_id`, `conversation_id`, `created_at`, `subject`.
 */
export const reportedMessagesSql = `select m."id", m."body", m."sender_id", m."conversation_id", m."created_at", c."subject"
  from "messages" m left join "conversations" c on c."id" = m."conversation_id"`;
