import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toaster } from '../../ui/toaster';
import type { CourseUserError } from '../courses';

type Payload = { userErrors: CourseUserError[] };

/** The payload of a one-field mutation result (`{ storeConnect: {...} }` → its value). */
type PayloadOf<TData> = TData[keyof TData];

const fieldMatches = (path: string | null | undefined, field: string) =>
  Boolean(path) && (path === field || path!.endsWith(`.${field}`));

/**
 * Runs a store admin mutation whose payload has `userErrors` (any variables, unlike
 * useCourseMutation's single `input`). Refusals are kept for the form and toasted; success toasts
 * `success` when given. `onSuccess` sees the payload first (e.g. to write it into the cache).
 * Resolves to the payload on success, null otherwise.
 */
export function useStoreMutation<
  TData extends Record<string, unknown>,
  TVariables extends OperationVariables,
>(
  document: TypedDocumentNode<TData, TVariables>,
  failureTitle: string,
  {
    refetchQueries,
    onSuccess,
    toastErrors = true,
  }: {
    /** Active queries (by operation name) to refresh after success. */
    refetchQueries?: string[];
    onSuccess?: (payload: PayloadOf<TData>) => void;
    /** false: refusals are only kept (the form shows them itself). */
    toastErrors?: boolean;
  } = {},
) {
  const [mutate, { loading }] = useMutation(document, {
    refetchQueries,
    awaitRefetchQueries: Boolean(refetchQueries),
  });
  const [userErrors, setUserErrors] = useState<CourseUserError[]>([]);

  const run = useCallback(
    async (variables: TVariables, success?: string): Promise<PayloadOf<TData> | null> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({ variables } as never);
        const payload = data ? (Object.values(data)[0] as PayloadOf<TData> & Payload) : null;
        if (!payload) throw new Error('The server did not answer.');
        if (payload.userErrors.length > 0) {
          setUserErrors(payload.userErrors);
          if (toastErrors) {
            toaster.create({
              title: failureTitle,
              description: payload.userErrors[0].message,
              type: 'error',
            });
          }
          return null;
        }
        onSuccess?.(payload);
        if (success) toaster.create({ title: success, type: 'success' });
        return payload;
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : 'Please try again.';
        setUserErrors([{ code: 'UNEXPECTED', field: null, message }]);
        if (toastErrors) toaster.create({ title: failureTitle, description: message, type: 'error' });
        return null;
      }
    },
    [mutate, failureTitle, onSuccess, toastErrors],
  );

  const clearErrors = useCallback(() => setUserErrors([]), []);
  /** The refusal of one field (`shopDomain` also matches `input.shopDomain`). */
  const fieldError = (field: string) => userErrors.find((e) => fieldMatches(e.field, field))?.message;
  /** The refusals not about any of `fields` (shown above the form). */
  const otherErrors = (fields: readonly string[]) =>
    userErrors.filter((e) => !fields.some((field) => fieldMatches(e.field, field)));

  return { run, loading, userErrors, fieldError, otherErrors, clearErrors };
}
