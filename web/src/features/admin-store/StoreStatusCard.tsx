import { Alert, Badge, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AdminStoreConnectionFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { connectionBadge } from './storeFormat';

/**
 * Where the store connection stands: connected (own store or the demo store) or not, the shop's
 * name and currency, domain, API version, when it was connected and by whom, and the last sync.
 * `actions` (demo, disconnect) sit in the card's footer.
 */
export function StoreStatusCard({
  connection,
  actions,
}: {
  connection: AdminStoreConnectionFragment;
  actions?: ReactNode;
}) {
  const badge = connectionBadge(connection);
  const connected = connection.status === 'CONNECTED';
  const syncing =
    Boolean(connection.lastSyncStartedAt) &&
    (!connection.lastSyncFinishedAt ||
      new Date(String(connection.lastSyncStartedAt)) > new Date(String(connection.lastSyncFinishedAt)));
  return (
    <Card.Root as="section" aria-labelledby="store-status-heading">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={3}>
          <Heading as="h2" size="lg" id="store-status-heading">
            Status
          </Heading>
          <Badge colorPalette={badge.palette} size="lg" data-testid="store-status">
            {badge.label}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap={4}>
          {!connected ? (
            <Text color="fg.muted">
              No store is connected: the shop is closed and its products are hidden. Connect a Shopify store
              below{connection.demoAvailable ? ', or use the built-in demo store to try the shop' : ''}.
            </Text>
          ) : connection.demo ? (
            <Text color="fg.muted">
              DRX shows the built-in demo store: a local stand-in for Shopify with a dozen dance products. No
              money moves; the shop is labelled as a demo. Connect your own store below to sell for real.
            </Text>
          ) : null}
          <DataList.Root orientation="horizontal" size="md">
            {connected ? (
              <>
                <StatusItem label="Shop">
                  {connection.shopName ?? '—'}
                  {connection.currencyCode ? ` (${connection.currencyCode})` : ''}
                </StatusItem>
                <StatusItem label="Domain">
                  <Text as="span" fontFamily="mono">
                    {connection.shopDomain ?? '—'}
                  </Text>
                </StatusItem>
                <StatusItem label="API version">{connection.apiVersion ?? '—'}</StatusItem>
                <StatusItem label="Connected">{formatDateTime(connection.connectedAt) || '—'}</StatusItem>
              </>
            ) : null}
            {connection.updatedAt ? (
              <StatusItem label="Last change">
                {formatDateTime(connection.updatedAt)}
                {connection.updatedByName ? ` by ${connection.updatedByName}` : ''}
              </StatusItem>
            ) : null}
            {connected ? (
              <StatusItem label="Last sync">
                {syncing
                  ? `Running since ${formatDateTime(connection.lastSyncStartedAt)}`
                  : formatDateTime(connection.lastSyncFinishedAt) || 'Not yet'}
              </StatusItem>
            ) : null}
          </DataList.Root>
          {connection.lastSyncError ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The last sync reported a problem</Alert.Title>
                <Alert.Description>{connection.lastSyncError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      </Card.Body>
      {actions ? (
        <Card.Footer>
          <HStack gap={3} wrap="wrap">
            {actions}
          </HStack>
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}

function StatusItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
