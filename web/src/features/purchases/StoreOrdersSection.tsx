import { useQuery } from '@apollo/client/react';
import { Alert, Button, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Package } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useLoadMore } from '../../ui/useLoadMore';
import { StoreOrderCard } from './StoreOrderCard';
import { MyStoreOrdersQueryDocument } from './storeOrderDocuments';

const PAGE_SIZE = 10;

/** /my-purchases' "Store orders": orders placed in the connected store (the shop), newest first. */
export function StoreOrdersSection() {
  const query = useQuery(MyStoreOrdersQueryDocument, {
    variables: { first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'storeOrders', { errorTitle: 'More store orders could not be loaded' });
  const connection = query.data?.storeOrders;
  const me = query.data?.me;

  return (
    <Stack as="section" aria-labelledby="store-orders-heading" gap={4} data-testid="store-orders">
      <HStack justify="space-between" align="baseline" wrap="wrap">
        <Heading as="h2" size="xl" id="store-orders-heading">
          Store orders
        </Heading>
        {connection && connection.totalCount > 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {connection.totalCount} {connection.totalCount === 1 ? 'order' : 'orders'}
          </Text>
        ) : null}
      </HStack>
      {me?.email && me.emailVerified === false ? (
        // Store orders checked out while signed in are the member's at once; others go only to the
        // account that confirmed the buyer's address (issue 31).
        <Alert.Root status="info" data-testid="store-orders-unverified">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Confirm your email to see all your shop orders</Alert.Title>
            <Alert.Description>
              Orders you check out from DRX while signed in are here at once. Orders placed in the shop with{' '}
              {me.email} in other ways appear once you confirm that address with the link we mailed you.{' '}
              <RouterLink to="/profile">Send the link again</RouterLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {query.loading && !connection ? (
        <PageSpinner label="Loading your store orders…" minHeight="8rem" />
      ) : query.error && !connection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>Your store orders could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      ) : !connection || connection.nodes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg" size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Package />
            </EmptyState.Indicator>
            <EmptyState.Title>No store orders yet</EmptyState.Title>
            <EmptyState.Description>
              Shoes, apparel and gear you order from the shop appear here.
            </EmptyState.Description>
            <Button asChild variant="outline">
              <RouterLink to="/shop">Visit the shop</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap={4}>
          {connection.nodes.map((order) => (
            <StoreOrderCard key={order.id} order={order} />
          ))}
          <LoadMoreButton pager={pager} />
        </Stack>
      )}
    </Stack>
  );
}
