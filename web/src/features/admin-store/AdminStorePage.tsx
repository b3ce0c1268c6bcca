import { useQuery } from '@apollo/client/react';
import { Alert, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminStoreConnectionFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AdminNotice } from '../admin';
import { hasRole, useCurrentUser } from '../auth';
import { ConfirmButton } from '../courses';
import {
  AdminStoreConnectionQueryDocument,
  StoreConnectDemoMutationDocument,
  StoreDisconnectMutationDocument,
} from './adminStoreDocuments';
import { StoreCollectionsSection } from './StoreCollectionsSection';
import { StoreConnectForm } from './StoreConnectForm';
import { StoreHistoryTable } from './StoreHistoryTable';
import { StoreStatusCard } from './StoreStatusCard';
import { StoreWebhookUrl } from './StoreWebhookUrl';
import { useStoreMutation } from './useStoreMutation';
import { useWriteStoreConnection } from './useWriteStoreConnection';

/**
 * /admin/store (admins): the connected commerce store — its status, the connection settings
 * (write-only secrets, test, connect, the demo store, disconnect), the webhook address, the
 * collections DRX shows and the history of changes. Curriculum officers get a pointer to the
 * products page instead.
 */
export default function AdminStorePage() {
  useDocumentTitle('Store');
  const { user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  return (
    <Stack gap={8} maxW="5xl" mx="auto" w="full">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Store
        </Heading>
        <Text color="fg.muted">
          The Shopify store whose dance merchandise DRX shows in the{' '}
          <Link asChild>
            <RouterLink to="/shop">shop</RouterLink>
          </Link>
          . The store keeps stock, checkout, shipping and its orders; DRX caches its products and hears about
          orders through webhooks.
        </Text>
      </Stack>
      {isAdmin ? (
        <StoreSettings />
      ) : (
        <Stack gap={3} align="flex-start">
          <AdminNotice
            title="Only administrators can configure the store."
            description="You can review the synced products, their visibility and tags on Store products."
          />
          <Button asChild variant="outline">
            <RouterLink to="/admin/store/products">Store products</RouterLink>
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function StoreSettings() {
  const query = useQuery(AdminStoreConnectionQueryDocument, { fetchPolicy: 'cache-and-network' });
  const connection = query.data?.storeConnection;
  if (!connection && query.loading)
    return <PageSpinner label="Loading the store settings…" minHeight="16rem" />;
  if (!connection) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          The store settings could not be loaded{query.error ? `: ${query.error.message}` : ''}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const connected = connection.status === 'CONNECTED';
  return (
    <>
      <StoreStatusCard connection={connection} actions={<StatusActions connection={connection} />} />
      <StoreConnectForm
        key={`${connection.status}:${connection.demo}:${connection.shopDomain ?? ''}:${connection.updatedAt ?? ''}`}
        connection={connection}
      />
      <StoreWebhookUrl url={connection.webhookUrl} />
      {connected ? <StoreCollectionsSection key={connection.collectionIds.join(',')} /> : null}
      <StoreHistoryTable events={connection.events} />
    </>
  );
}

/** "Use the demo store" (when the server offers it) and "Disconnect" (with a confirmation). */
function StatusActions({ connection }: { connection: AdminStoreConnectionFragment }) {
  const writeConnection = useWriteStoreConnection();
  const demo = useStoreMutation(StoreConnectDemoMutationDocument, 'Demo store not connected', {
    onSuccess: (payload) => writeConnection(payload.connection),
  });
  const disconnect = useStoreMutation(StoreDisconnectMutationDocument, 'Store not disconnected', {
    onSuccess: (payload) => writeConnection(payload.connection),
  });
  const connected = connection.status === 'CONNECTED';
  const offerDemo = connection.demoAvailable && !(connected && connection.demo);
  const connectDemo = () => demo.run({}, 'The demo store is connected');
  return (
    <>
      {offerDemo && !connected ? (
        <Button onClick={() => void connectDemo()} loading={demo.loading} loadingText="Connecting…">
          Use the demo store
        </Button>
      ) : null}
      {offerDemo && connected ? (
        <ConfirmButton
          variant="outline"
          title="Switch to the demo store?"
          description={`DRX stops showing ${connection.shopName ?? 'your store'}’s products and shows the demo store’s instead.`}
          confirmLabel="Use the demo store"
          onConfirm={async () => (await connectDemo()) !== null}
        >
          Use the demo store
        </ConfirmButton>
      ) : null}
      {connected ? (
        <ConfirmButton
          variant="outline"
          colorPalette="red"
          title="Disconnect the store?"
          description="The shop closes: its products disappear from DRX and checkout stops until a store is connected again. Orders already placed stay in the store and in My Purchases."
          confirmLabel="Disconnect"
          onConfirm={async () => (await disconnect.run({}, 'Store disconnected')) !== null}
        >
          Disconnect
        </ConfirmButton>
      ) : null}
    </>
  );
}
