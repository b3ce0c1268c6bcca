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
  };
}

/**
 * Creates an account (the server signs it in). Success parks the 'Registration successful'
 * toast and reloads the app on /dashboard; failure shows 'Registration failed' with the spec's
 * explanation. Resolves to the failure (with the offending `field`, if any), or null on success.
 */
export function useRegister() {
  const [mutate, { loading }] = useMutation(RegisterMutationDocument);

  const register = useCallback(
    async (input: RegisterInput): Promise<AuthFailure | null> => {
      let failure: AuthFailure | null;
      try {
        const { data } = await mutate({ variables: { input: withoutBlankOptionals(input) } });
        const payload = data?.register;
        failure = payload
          ? (failureFromUserErrors(payload.userErrors) ?? (payload.user ? null : { message: '' }))
          : { message: '' };
      } catch (error) {
        failure = failureFromError(error);
      }

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
