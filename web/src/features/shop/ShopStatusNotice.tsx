import { useQuery } from '@apollo/client/react';
import { Alert } from '@chakra-ui/react';
import type { ShopStatusQuery } from '../../gql/graphql';
import { ShopStatusQueryDocument } from './shopDocuments';

export type ShopStatus = ShopStatusQuery['shopStatus'];

/** The shop's status (demo store, reachable, notice); refreshed now and then while a shop page is open. */
export function useShopStatus() {
  const { data, loading, error } = useQuery(ShopStatusQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return {
    status: data?.shopStatus ?? null,
    loading: loading && !data,
    error: error && !data ? error : null,
  };
}

const DEMO_TEXT =
  'This is DRX’s built-in demo store. Its checkout completes an order, but no money is charged and nothing ships.';
const DOWN_TEXT =
  'The store cannot be reached right now. You can still browse the products as they were last synced; checkout is paused until it is back.';

/**
 * The label above the shop: "Demo store" when DRX runs its built-in store, a warning when the store
 * cannot be reached (products are shown from DRX's copy). Nothing for a healthy real store without a notice.
 */
export function ShopStatusNotice({ status }: { status: ShopStatus | null }) {
  if (!status || !status.enabled) return null;
  if (!status.storeReachable) {
    return (
      <Alert.Root status="warning" data-testid="shop-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The store is unavailable</Alert.Title>
          <Alert.Description>{status.notice || DOWN_TEXT}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (status.demo) {
    // The server's notice names the demo store itself ("Demo store: …").
    return (
      <Alert.Root status="info" data-testid="shop-notice">
        <Alert.Indicator />
        <Alert.Content>
          {status.notice ? null : <Alert.Title>Demo store</Alert.Title>}
          <Alert.Description>{status.notice || DEMO_TEXT}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!status.notice) return null;
  return (
    <Alert.Root status="info" data-testid="shop-notice">
      <Alert.Indicator />
      <Alert.Description>{status.notice}</Alert.Description>
    </Alert.Root>
  );
}
