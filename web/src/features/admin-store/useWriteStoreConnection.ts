import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import type { AdminStoreConnectionFragment } from '../../gql/graphql';
import { AdminStoreConnectionQueryDocument } from './adminStoreDocuments';

/**
 * Puts the connection a mutation returned into the cached `storeConnection` (a singleton without
 * an id, so Apollo cannot merge it by itself): the status card, form and history update at once.
 */
export function useWriteStoreConnection() {
  const client = useApolloClient();
  return useCallback(
    (connection: AdminStoreConnectionFragment | null | undefined) => {
      if (!connection) return;
      client.writeQuery({ query: AdminStoreConnectionQueryDocument, data: { storeConnection: connection } });
    },
    [client],
  );
}
