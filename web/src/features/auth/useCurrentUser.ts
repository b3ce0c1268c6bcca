import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useStaleTime } from '../../apollo/staleTime';
import { graphql } from '../../gql';
import type { MeQuery } from '../../gql/graphql';

/** The fields of the signed-in user the whole app relies on (header, guards, dashboards). */
export const SessionUserFragment = graphql(`
  fragment SessionUser on User {
    id
    username
    role
    roles
    firstName
    lastName
    profileImageUrl
    displayName
    email
  }
`);

/** The session: the signed-in user, or null for a visitor. */
export const MeQueryDocument = graphql(`
  query Me {
    me {
      ...SessionUser
    }
  }
`);

export type CurrentUser = NonNullable<MeQuery['me']>;

export interface CurrentUserState {
  /** undefined while unknown, null for a visitor, the user when signed in. */
  user: MeQuery['me'] | null | undefined;
  loading: boolean;
  refetch: () => Promise<unknown>;
}

/** The session is re-read when a component needing it mounts and it is older than this (spec §9). */
export const USER_STALE_MS = 10_000;

/**
 * The current session. A failed `me` call counts as "signed out" (the spec's 401 → null), so
 * guards never hang on an unreachable server. With a 10-second stale time (apollo/staleTime.ts): a
 * component that mounts when the answer is older than 10 s shows it at once and asks the server
 * again in the background.
 */
export function useCurrentUser(): CurrentUserState {
  const { data, loading, error, refetch } = useQuery(MeQueryDocument);
  useStaleTime(MeQueryDocument, USER_STALE_MS);
  const user = data?.me ?? (loading ? undefined : null);
  return {
    user: error && !data ? null : user,
    loading: loading && !data,
    refetch: () => refetch(),
  };
}

/** Delay before re-reading the session after an 'auth-refresh-required' event (spec section 4). */
export const AUTH_REFRESH_DELAY_MS = 100;

/**
 * Listens for the page-wide events that change the session: 'profile-image-updated' re-reads
 * the user at once, 'auth-refresh-required' after 100 ms. Mount once, in the app root.
 */
export function useSessionEvents(): void {
  const client = useApolloClient();
  useEffect(() => {
    const reload = () => {
      void client.query({ query: MeQueryDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
    };
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const reloadLater = () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        reload();
      }, AUTH_REFRESH_DELAY_MS);
      timers.add(timer);
    };
    window.addEventListener('profile-image-updated', reload);
    window.addEventListener('auth-refresh-required', reloadLater);
    return () => {
      window.removeEventListener('profile-image-updated', reload);
      window.removeEventListener('auth-refresh-required', reloadLater);
      timers.forEach(clearTimeout);
    };
  }, [client]);
}

/** Component form of {@link useSessionEvents}, for mounting in the provider tree. */
export function SessionEvents(): null {
  useSessionEvents();
  return null;
}
