import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toaster } from '../../ui/toaster';

export interface MembershipUserError {
  code: string;
  field?: string | null;
  message: string;
}

type Payload = { userErrors: MembershipUserError[] };

/** Every query that shows the member's membership; refreshed after each membership mutation. */
export const MEMBERSHIP_QUERIES = ['MySubscription', 'MembershipStatus', 'SubscriptionPlans'];

/**
 * Runs a membership mutation (with or without an `input`) whose payload carries `userErrors`.
 * A refusal is kept (for a form to show) and toasted under `failureTitle`; success toasts
 * `success` when given and refreshes the membership queries. Resolves to the payload on success,
 * null otherwise.
 */
export function useMembershipMutation<
  TData extends Record<string, unknown>,
  TVariables extends OperationVariables,
>(
  document: TypedDocumentNode<TData, TVariables>,
  failureTitle: string,
  refetchQueries: string[] = MEMBERSHIP_QUERIES,
) {
  const [mutate, { loading }] = useMutation(document, { refetchQueries, awaitRefetchQueries: true });
  const [userErrors, setUserErrors] = useState<MembershipUserError[]>([]);

  const run = useCallback(
    async (variables?: TVariables, success?: string): Promise<NonNullable<TData[keyof TData]> | null> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({ variables } as never);
        const payload = data ? (Object.values(data)[0] as (TData[keyof TData] & Payload) | null) : null;
        if (!payload) throw new Error('The server did not answer.');
        if (payload.userErrors.length > 0) {
          setUserErrors(payload.userErrors);
          toaster.create({ title: failureTitle, description: payload.userErrors[0].message, type: 'error' });
          return null;
        }
        if (success) toaster.create({ title: success, type: 'success' });
        return payload;
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : 'Please try again.';
        setUserErrors([{ code: 'UNEXPECTED', field: null, message }]);
        toaster.create({ title: failureTitle, description: message, type: 'error' });
        return null;
      }
    },
    [mutate, failureTitle],
  );

  const fieldError = (field: string) => userErrors.find((e) => e.field === field)?.message;
  /** The first refusal not tied to a field (for an alert above a form). */
  const formError = userErrors.find((e) => !e.field)?.message;

  return { run, loading, userErrors, fieldError, formError };
}
