import { graphql } from '../../gql';

/** My signed-in sessions: this one first, then the most recently used. */
export const MySessionsQueryDocument = graphql(`
  query MySessions {
    mySessions {
      id
      current
      browser
      os
      device
      ipAddress
      place
      createdAt
      lastActiveAt
    }
  }
`);

/** Signs out one of my other sessions (by its `id` from mySessions). */
export const SessionEndMutationDocument = graphql(`
  mutation SessionEnd($id: String!) {
    sessionEnd(id: $id) {
      success
      message
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Signs out every session of mine but this one. */
export const SessionsEndOthersMutationDocument = graphql(`
  mutation SessionsEndOthers {
    sessionsEndOthers {
      success
      message
      userErrors {
        code
        field
        message
      }
    }
  }
`);
