import { graphql } from '../../gql';

export const InboxItemListFieldsFragment = graphql(`
  fragment InboxItemListFields on InboxItem {
    id
    kind
    status
    subject
    body
    name
    email
    createdAt
    updatedAt
    assignedTo {
      id
      displayName
    }
    user {
      id
      displayName
    }
  }
`);

export const InboxItemsQueryDocument = graphql(`
  query InboxItems(
    $first: Int
    $after: String
    $status: InboxStatus
    $kind: InboxItemKind
    $search: String
    $assignedToMe: Boolean
  ) {
    inboxItems(
      first: $first
      after: $after
      status: $status
      kind: $kind
      search: $search
      assignedToMe: $assignedToMe
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...InboxItemListFields
      }
    }
    inboxCounts {
      new
      open
      answered
      archived
    }
  }
`);

export const InboxItemDetailFieldsFragment = graphql(`
  fragment InboxItemDetailFields on InboxItem {
    ...InboxItemListFields
    reason
    canReply
    user {
      id
      displayName
      username
      email
    }
    reportedMessage {
      id
      body
      sentAt
      conversationId
      conversationSubject
      sender {
        id
        displayName
        username
      }
    }
    entries {
      id
      kind
      body
      mailId
      createdAt
      author {
        id
        displayName
      }
    }
  }
`);

export const InboxItemQueryDocument = graphql(`
  query InboxItem($id: ID!) {
    inboxItem(id: $id) {
      ...InboxItemDetailFields
    }
  }
`);

export const InboxAssigneesQueryDocument = graphql(`
  query InboxAssignees {
    users(role: "admin", first: 100) {
      nodes {
        id
        displayName
        username
      }
    }
  }
`);

export const InboxItemUpdateMutationDocument = graphql(`
  mutation InboxItemUpdate($input: InboxItemUpdateInput!) {
    inboxItemUpdate(input: $input) {
      item {
        ...InboxItemDetailFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const InboxNoteAddMutationDocument = graphql(`
  mutation InboxNoteAdd($input: InboxNoteAddInput!) {
    inboxNoteAdd(input: $input) {
      item {
        ...InboxItemDetailFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const InboxReplyMutationDocument = graphql(`
  mutation InboxReply($input: InboxReplyInput!) {
    inboxReply(input: $input) {
      item {
        ...InboxItemDetailFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
