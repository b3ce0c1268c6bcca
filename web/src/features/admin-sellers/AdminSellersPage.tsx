import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Field,
  HStack,
  Heading,
  Input,
  Link,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminSellerRowFragment } from '../../gql/graphql';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { useCourseMutation } from '../courses/useCourseMutation';
import { PayoutStatusBadge } from '../seller/PayoutStatusBadge';
import { formatCents } from '../seller/sellerFormat';
import { AdminSellersQueryDocument, SellerReinstateMutationDocument } from './adminSellersDocuments';
import { SuspendSellerDialog, type SuspendTarget } from './SuspendSellerDialog';

const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/sellers: every store with payout status and figures; suspend with a reason, reinstate. */
export default function AdminSellersPage() {
  useDocumentTitle('Seller management');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery(AdminSellersQueryDocument, {
    variables: { first: PAGE_SIZE, search: search || null },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'adminSellers', {
    errorTitle: 'More sellers could not be loaded',
    filterKey: search,
  });
  const connection = (query.data ?? query.previousData)?.adminSellers;

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Seller management
        </Heading>
        <Text color="fg.muted">
          Every store with its payout status and sales. A suspended seller’s store and resources are hidden
          from the public.
        </Text>
      </Stack>
      <HStack gap={3} align="flex-end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Search</Field.Label>
          <Input
            type="search"
            value={text}
            placeholder="Store, username or email"
            onChange={(e) => setText(e.target.value)}
          />
        </Field.Root>
        {connection ? (
          <Text color="fg.muted" fontSize="sm" pb={2}>
            {connection.totalCount} {connection.totalCount === 1 ? 'seller' : 'sellers'}
          </Text>
        ) : null}
      </HStack>
      {!connection && query.loading ? (
        <PageSpinner label="Loading sellers…" minHeight="12rem" />
      ) : query.error && !connection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The sellers could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      ) : !connection || connection.nodes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Store />
            </EmptyState.Indicator>
            <EmptyState.Title>No sellers match</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Store</Table.ColumnHeader>
                  <Table.ColumnHeader>Payouts</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Resources</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Sales</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Revenue</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {connection.nodes.map((seller) => (
                  <SellerRow
                    key={seller.id}
                    seller={seller}
                    onSuspend={() => setSuspending({ id: seller.id, storeName: seller.storeName })}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMoreButton pager={pager} />
        </>
      )}
      <SuspendSellerDialog target={suspending} onClose={() => setSuspending(null)} />
    </Stack>
  );
}

function SellerRow({ seller, onSuspend }: { seller: AdminSellerRowFragment; onSuspend: () => void }) {
  const reinstate = useCourseMutation(SellerReinstateMutationDocument, 'Seller not reinstated');
  return (
    <Table.Row data-testid="admin-seller-row">
      <Table.Cell>
        {seller.suspended ? (
          <Text fontWeight="medium">{seller.storeName}</Text>
        ) : (
          <Link asChild fontWeight="medium">
            <RouterLink to={`/sellers/${seller.id}`}>{seller.storeName}</RouterLink>
          </Link>
        )}
        <Text fontSize="xs" color="fg.muted">
          @{seller.user.username}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <PayoutStatusBadge status={seller.payoutStatus} />
        {seller.stripeAccountId ? (
          <Text fontSize="xs" color="fg.muted">
            {seller.stripeAccountId}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">{seller.resourceCount}</Table.Cell>
      <Table.Cell textAlign="end">{seller.salesCount}</Table.Cell>
      <Table.Cell textAlign="end">{formatCents(seller.grossCents)}</Table.Cell>
      <Table.Cell>
        {seller.suspended ? (
          <>
            <Badge colorPalette="red">Suspended</Badge>
            {seller.suspendedReason ? (
              <Text fontSize="xs" color="fg.muted" maxW="xs" truncate title={seller.suspendedReason}>
                {seller.suspendedReason}
              </Text>
            ) : null}
          </>
        ) : (
          <Badge colorPalette="green">Active</Badge>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {seller.suspended ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="green"
            loading={reinstate.loading}
            aria-label={`Reinstate ${seller.storeName}`}
            onClick={() => void reinstate.run({ sellerId: seller.id }, 'Seller reinstated')}
          >
            Reinstate
          </Button>
        ) : (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Suspend ${seller.storeName}`}
            onClick={onSuspend}
          >
            Suspend
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
