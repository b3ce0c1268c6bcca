import { useQuery } from '@apollo/client/react';
import { Alert, Button, Container, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ShoppingBag } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { OrderCard } from './OrderCard';
import { MyOrdersQueryDocument } from './orderDocuments';
import { ReceivedLicences } from './ReceivedLicences';
import { StoreOrdersSection } from './StoreOrdersSection';

const PAGE_SIZE = 10;

/**
 * /my-purchases: my orders, newest first, with their lines, status, links, receipts and the licences
 * I gave; then the licences colleagues gave me.
 */
export default function MyPurchasesPage() {
  useDocumentTitle('My Purchases');
  const query = useQuery(MyOrdersQueryDocument, {
    variables: { first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'myOrders', { errorTitle: 'More orders could not be loaded' });
  const connection = query.data?.myOrders;

  return (
    <Container maxW="4xl" py={8}>
      <Stack gap={6}>
        <HStack justify="space-between" align="baseline" wrap="wrap">
          <Heading as="h1" size="2xl">
            My Purchases
          </Heading>
          {connection && connection.totalCount > 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {connection.totalCount} {connection.totalCount === 1 ? 'order' : 'orders'}
            </Text>
          ) : null}
        </HStack>
        {query.loading && !connection ? (
          <PageSpinner label="Loading your orders…" minHeight="12rem" />
        ) : query.error && !connection ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Your orders could not be loaded: {query.error.message}</Alert.Title>
          </Alert.Root>
        ) : !connection || connection.nodes.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <ShoppingBag />
              </EmptyState.Indicator>
              <EmptyState.Title>No purchases yet</EmptyState.Title>
              <EmptyState.Description>Courses and resources you buy appear here.</EmptyState.Description>
              <HStack>
                <Button asChild>
                  <RouterLink to="/curriculum">Browse the curriculum</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/courses">Browse courses</RouterLink>
                </Button>
              </HStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap={4} data-testid="my-purchases">
            {connection.nodes.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
            <LoadMoreButton pager={pager} />
          </Stack>
        )}
        <StoreOrdersSection />
        <ReceivedLicences />
      </Stack>
    </Container>
  );
}
