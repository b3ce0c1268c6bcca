import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql';
import type { LoginInput } from '../../gql/graphql';
import { queueToastForNextPage, toaster } from '../../ui/toaster';
import { afterAuthPath } from './returnTo';
import {
  AUTH_TEXT,
  failureFromError,
  failureFromUserErrors,
  loginFailureMessage,
  type AuthFailure,
} from './authMessages';

const LoginMutationDocument = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      user {
        ...SessionUser
      }
      secondStepRequired
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/**
 * Signs in. Success parks the 'Login successful' toast and reloads the app on the page the visitor
 * was sent to sign in from (`?returnTo=`, returnTo.ts), else /dashboard (a full redirect, so every query starts fresh with the new session); failure shows
 * 'Login failed' with the spec's explanation. Resolves to the failure, 'second-step' when the
 * account has two-step sign-in on (the code is owed; no session yet), or null on success.
 */
export function useLogin() {
  const [mutate, { loading }] = useMutation(LoginMutationDocument);

  const login = useCallback(
    async (input: LoginInput): Promise<AuthFailure | 'second-step' | null> => {
      let failure: AuthFailure | null;
      try {
        const { data } = await mutate({ variables: { input } });
        const payload = data?.login;
        // Two-step sign-in: no session yet; the form moves to the code step (two-step/SecondStepForm).
        if (payload?.secondStepRequired) return 'second-step';
        failure = payload
          ? (failureFromUserErrors(payload.userErrors) ?? (payload.user ? null : { message: '' }))
          : { message: '' };
      } catch (error) {
        failure = failureFromError(error);
      }

      if (failure) {
        toaster.error({ title: AUTH_TEXT.loginFailedTitle, description: loginFailureMessage(failure) });
        return failure;
      }
      queueToastForNextPage({
        title: AUTH_TEXT.loginSuccessTitle,
        description: AUTH_TEXT.loginSuccessDescription,
        type: 'success',
      });
      window.location.assign(afterAuthPath(window.location.search));
      return null;
    },
    [mutate],
  );

  return { login, loading };
}
