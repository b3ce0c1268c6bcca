import type { TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toaster } from '../../ui/toaster';

export interface CourseUserError {
  code: string;
  field?: string | null;
  message: string;
}

type Payload = { userErrors: CourseUserError[] };

/**
 * Runs a course mutation (one `input` argument, a payload with `userErrors`). Refusals are kept
 * for the form to show next to its fields and toasted; success toasts `success` when given.
 * Resolves to the payload on success, null otherwise.
 */
export function useCourseMutation<TData extends Record<string, unknown>, TInput>(
  document: TypedDocumentNode<TData, { input: TInput }>,
  failureTitle = 'Not saved',
  /** Active queries (by operation name) to refresh after success, e.g. a list that gained a row. */
  refetchQueries?: string[],
) {
  const [mutate, { loading }] = useMutation(document, {
    refetchQueries,
    awaitRefetchQueries: Boolean(refetchQueries),
  });
  const [userErrors, setUserErrors] = useState<CourseUserError[]>([]);

  const run = useCallback(
    async (input: TInput, success?: string): Promise<TData[keyof TData] | null> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({ variables: { input } } as never);
        const payload = data ? (Object.values(data)[0] as TData[keyof TData] & Payload) : null;
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

  const clearErrors = useCallback(() => setUserErrors([]), []);
  const fieldError = (field: string) => userErrors.find((e) => e.field === field)?.message;

  return { run, loading, userErrors, fieldError, clearErrors };
}
