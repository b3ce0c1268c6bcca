import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql';
import { queueToastForNextPage, toaster } from '../../ui/toaster';
import {
  AUTH_TEXT,
  type AuthFailure,
  failureFromError,
  failureFromUserErrors,
  logoutFailureMessage,
} from './authMessages';

const LogoutMutationDocument = graphql(`
  mutation Logout {
    logout {
      success
      userErrors {
        code
        message
      }
    }
  }
`);

/**
 * Signs out: ends the server session, forgets every cached answer and loads / afresh, where
 * 'Logged out' is shown. A full page load (like sign-in's) is the one way to be sure nothing of the
 * session survives in memory, and no guard of the page being left can bounce to /auth on the way
 * out. A failure keeps the session and shows 'Logout failed' with its message, or the spec's fixed
 * text when it has none (logoutFailureMessage). Resolves to whether it succeeded.
 */
export function useLogout() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(LogoutMutationDocument);

  const logout = useCallback(async (): Promise<boolean> => {
    let failure: AuthFailure | null;
    try {
      const { data } = await mutate();
      // A refusal carries its message; an unconfirmed logout without one gets the fixed text.
      failure =
        failureFromUserErrors(data?.logout.userErrors ?? []) ??
        (data?.logout.success ? null : { message: '' });
    } catch (error) {
      failure = failureFromError(error);
    }
    if (failure) {
      toaster.error({ title: AUTH_TEXT.logoutFailedTitle, description: logoutFailureMessage(failure) });
      return false;
    }

    await client.clearStore();
    queueToastForNextPage({
      title: AUTH_TEXT.logoutSuccessTitle,
      description: AUTH_TEXT.logoutSuccessDescription,
      type: 'success',
    });
    window.location.assign('/');
    return true;
  }, [client, mutate]);

  return { logout, loading };
}
