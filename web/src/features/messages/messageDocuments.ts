import { graphql } from '../../gql';

graphql(`
  fragment MessagePerson on User {
    id
    displayName
    username
    firstName
    lastName
    profileImageUrl
  }
`);

graphql(`
  fragment ThreadMessage on Message {
    id
    conversationId
    body
    createdAt
    mine
    seenAt
    sender {
      ...MessagePerson
    }
    attachments {
      id
      fileName
      contentType
      sizeBytes
      url
      isImage
    }
  }
`);

graphql(`
  fragment ConversationSummary on Conversation {
    id
    subject
    lastMessageAt
    unreadCount
    blockedByMe
    blockedMe
    context {
      kind
      id
      title
      url
    }
    otherParticipants {
      ...MessagePerson
    }
    lastMessage {
      id
      body
      createdAt
      mine
      attachments {
        id
      }
    }
  }
`);

/** My conversations, last activity first, optionally searched. */
export const ConversationsQueryDocument = graphql(`
  query Conversations($first: Int, $after: String, $search: String) {
    conversations(first: $first, after: $after, search: $search) {
      nodes {
        ...ConversationSummary
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`);

/** One conversation with its newest page of messages (or the page before `before`). */
export const ConversationThreadQueryDocument = graphql(`
  query ConversationThread($id: ID!, $last: Int, $before: String) {
    conversation(id: $id) {
      ...ConversationSummary
      createdAt
      participants {
        role
        lastReadAt
        user {
          id
        }
      }
      messages(last: $last, before: $before) {
        nodes {
          ...ThreadMessage
        }
        pageInfo {
          hasNextPage
          hasPreviousPage
          startCursor
          endCursor
        }
      }
    }
  }
`);

/** How many unread messages I have (the header's badge). */
export const UnreadMessageCountQueryDocument = graphql(`
  query UnreadMessageCount {
    unreadMessageCount
  }
`);

/** Whether I may write to someone (about something): decides whether a "Message" button shows. */
export const MessagingAllowedQueryDocument = graphql(`
  query MessagingAllowed($recipientId: ID!, $context: ConversationContextInput) {
    messagingAllowed(recipientId: $recipientId, context: $context) {
      allowed
      reason
    }
  }
`);

/** Every event of my conversations, live. */
export const ConversationEventsSubscriptionDocument = graphql(`
  subscription ConversationEvents {
    conversationEvents {
      type
      conversationId
      conversation {
        ...ConversationSummary
      }
      message {
        ...ThreadMessage
      }
    }
  }
`);

export const ConversationStartMutationDocument = graphql(`
  mutation ConversationStart($input: ConversationStartInput!) {
    conversationStart(input: $input) {
      conversation {
        ...ConversationSummary
      }
      message {
        ...ThreadMessage
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MessageSendMutationDocument = graphql(`
  mutation MessageSend($input: MessageSendInput!) {
    messageSend(input: $input) {
      message {
        ...ThreadMessage
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ConversationMarkReadMutationDocument = graphql(`
  mutation ConversationMarkRead($input: ConversationMarkReadInput!) {
    conversationMarkRead(input: $input) {
      conversation {
        id
        unreadCount
        participants {
          role
          lastReadAt
          user {
            id
          }
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const UserBlockMutationDocument = graphql(`
  mutation UserBlock($input: UserBlockInput!) {
    userBlock(input: $input) {
      blocked
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const UserUnblockMutationDocument = graphql(`
  mutation UserUnblock($input: UserBlockInput!) {
    userUnblock(input: $input) {
      blocked
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MessageReportMutationDocument = graphql(`
  mutation MessageReport($input: MessageReportInput!) {
    messageReport(input: $input) {
      reported
      userErrors {
        code
        field
        message
      }
    }
  }
`);
