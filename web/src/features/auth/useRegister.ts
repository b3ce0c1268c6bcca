import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql';
import type { RegisterInput } from '../../gql/graphql';
import { queueToastForNextPage, toaster } from '../../ui/toaster';
import {
  AUTH_TEXT,
  failureFromError,
  failureFromUserErrors,
  registrationFailureMessage,
  type AuthFailure,
} from './authMessages';
import { afterAuthPath } from './returnTo';
import type { SignupChallenge } from './useSignupChallenge';

const RegisterMutationDocument = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      user {
        ...SessionUser
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Optional text fields are sent only when filled in. */
function withoutBlankOptionals(input: RegisterInput): RegisterInput {
  const optional = (value: string | null | undefined) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
  return {
    username: input.username,
    password: input.password,
    email: optional(input.email),
    firstName: optional(input.firstName),
    lastName: optional(input.lastName),
    storeInvite: optional(input.storeInvite),
    altcha: optional(input.altcha),
  };
}

/** The server asked for a (new) sign-up challenge solution. */
const CHALLENGE_CODES = new Set(['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED']);

/**
 * Creates an account (the server signs it in). Success parks the 'Registration successful'
 * toast and reloads the app on /dashboard; failure shows 'Registration failed' with the spec's
 * explanation. Resolves to the failure (with the offending `field`, if any), or null on success.
 * `challenge`: the form's sign-up challenge (useSignupChallenge): its solution goes along, and
 * when the server refuses it (needed but missing, expired, used) a new one is solved and the
 * registration sent once more — the person only sees it take a second longer.
 */
export function useRegister() {
  const [mutate, { loading }] = useMutation(RegisterMutationDocument);

  const register = useCallback(
    async (
      input: RegisterInput,
      challenge?: Pick<SignupChallenge, 'solution' | 'renew'>,
    ): Promise<AuthFailure | null> => {
      const attempt = async (altcha: string | undefined): Promise<AuthFailure | null> => {
        try {
          const { data } = await mutate({
            variables: { input: withoutBlankOptionals({ ...input, altcha }) },
          });
          const payload = data?.register;
          return payload
            ? (failureFromUserErrors(payload.userErrors) ?? (payload.user ? null : { message: '' }))
            : { message: '' };
        } catch (error) {
          return failureFromError(error);
        }
      };
      let failure = await attempt(await challenge?.solution());
      if (failure && challenge && CHALLENGE_CODES.has(failure.code ?? '')) {
        challenge.renew();
        failure = await attempt(await challenge.solution());
      }
      // A solution sent may have been used: the next submission gets a new one.
      if (failure) challenge?.renew();

      if (failure) {
        toaster.error({
          title: AUTH_TEXT.registrationFailedTitle,
          description: registrationFailureMessage(failure),
        });
        return failure;
      }
      queueToastForNextPage({ title: AUTH_TEXT.registrationSuccessTitle, type: 'success' });
      window.location.assign(afterAuthPath(window.location.search));
      return null;
    },
    [mutate],
  );

  return { register, loading };
}
