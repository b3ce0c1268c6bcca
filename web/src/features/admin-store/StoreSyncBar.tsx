import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { formatDateTime } from '../../ui/dateFormat';
import { StoreSyncNowMutationDocument, StoreSyncStatusQueryDocument } from './adminStoreDocuments';
import { useStoreMutation } from './useStoreMutation';

/**
 * The shop's state above the products (which store, when it last synced, a notice when it is
 * down) with "Sync now" (changes since the last sync) and "Full sync" (everything, removing
 * products gone from the store). `onQueued` runs when a sync was queued.
 */
export function StoreSyncBar({ onQueued, pollMs }: { onQueued: () => void; pollMs?: number }) {
  const status = useQuery(StoreSyncStatusQueryDocument, {
    fetchPolicy: 'cache-and-network',
    pollInterval: pollMs ?? 0,
  });
  const shop = status.data?.shopStatus;
  const sync = useStoreMutation(StoreSyncNowMutationDocument, 'Sync not started');

  async function run(full: boolean) {
    const payload = await sync.run(
      { full },
      full
        ? 'Full sync started — the list updates in a moment'
        : 'Sync started — the list updates in a moment',
    );
    if (payload?.queued) onQueued();
  }

  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap={3}>
          <HStack justify="space-between" wrap="wrap" gap={3}>
            <Stack gap={0}>
              <HStack gap={2} wrap="wrap">
                <Text fontWeight="semibold">
                  {shop?.enabled
                    ? (shop.shopName ?? 'Connected store')
                    : shop
                      ? 'No store connected'
                      : 'Store'}
                  {shop?.currencyCode ? ` (${shop.currencyCode})` : ''}
                </Text>
                {shop?.demo ? <Badge colorPalette="orange">Demo store</Badge> : null}
              </HStack>
              <Text fontSize="sm" color="fg.muted" data-testid="store-last-sync">
                {shop?.lastSyncAt ? `Last synced ${formatDateTime(shop.lastSyncAt)}` : 'Not synced yet'}
              </Text>
            </Stack>
            <HStack gap={2}>
              <Button
                onClick={() => void run(false)}
                loading={sync.loading}
                loadingText="Starting…"
                disabled={shop ? !shop.enabled : false}
              >
                <RefreshCw aria-hidden /> Sync now
              </Button>
              <Button
                variant="outline"
                onClick={() => void run(true)}
                disabled={sync.loading || (shop ? !shop.enabled : false)}
              >
                Full sync
              </Button>
            </HStack>
          </HStack>
          {shop?.notice && (!shop.demo || !shop.storeReachable) ? (
            <Alert.Root status={shop.storeReachable ? 'info' : 'warning'}>
              <Alert.Indicator />
              <Alert.Title>{shop.notice}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
