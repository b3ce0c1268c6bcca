import { isAuthenticated } from '../../graphql/rules';

/**
 * Messages are for signed-in users. Only participants read a conversation: the service reads it
 * as the signed-in user (`conversation(id)` is null for anyone else), so the types themselves need
 * only a signed-in viewer.
 */
export const messagingPermissions = {
  Query: {
    conversations: isAuthenticated,
    conversation: isAuthenticated,
    unreadMessageCount: isAuthenticated,
    messagingAllowed: isAuthenticated,
  },
  Mutation: {
    conversationStart: isAuthenticated,
    messageSend: isAuthenticated,
    conversationMarkRead: isAuthenticated,
    userBlock: isAuthenticated,
    userUnblock: isAuthenticated,
    messageReport: isAuthenticated,
  },
  Subscription: {
    conversationEvents: isAuthenticated,
  },
  Conversation: isAuthenticated,
  ConversationContext: isAuthenticated,
  ConversationParticipant: isAuthenticated,
  ConversationConnection: isAuthenticated,
  ConversationEdge: isAuthenticated,
  Message: isAuthenticated,
  MessageAttachment: isAuthenticated,
  MessageConnection: isAuthenticated,
  MessageEdge: isAuthenticated,
  MessagingAllowed: isAuthenticated,
  ConversationEvent: isAuthenticated,
  ConversationStartPayload: isAuthenticated,
  MessageSendPayload: isAuthenticated,
  ConversationPayload: isAuthenticated,
  UserBlockPayload: isAuthenticated,
  MessageReportPayload: isAuthenticated,
};
