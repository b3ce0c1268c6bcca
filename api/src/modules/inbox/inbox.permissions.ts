import { allow } from 'graphql-shield';
import { isAdmin } from '../../graphql/rules';

/**
 * Anyone may send the contact form; the inbox (contact messages with people's addresses, reports)
 * is for admins only.
 */
export const inboxPermissions = {
  Query: {
    inboxItems: isAdmin,
    inboxItem: isAdmin,
    inboxCounts: isAdmin,
  },
  Mutation: {
    contactSend: allow,
    inboxItemUpdate: isAdmin,
    inboxNoteAdd: isAdmin,
    inboxReply: isAdmin,
  },
  ContactSendPayload: allow,
  InboxItem: isAdmin,
  InboxItemConnection: isAdmin,
  InboxItemEdge: isAdmin,
  InboxEntry: isAdmin,
  InboxReportedMessage: isAdmin,
  InboxCounts: isAdmin,
  InboxItemPayload: isAdmin,
};
