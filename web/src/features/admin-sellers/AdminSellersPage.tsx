import { Badge, Button, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminSellerRowFragment } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, SearchField } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useCourseMutation } from '../courses';
import { PayoutStatusBadge } from '../seller';
import { formatCents } from '../../lib/currency';
import { AdminSellersQueryDocument, SellerReinstateMutationDocument } from './adminSellersDocuments';
import { SuspendSellerDialog, type SuspendTarget } from './SuspendSellerDialog';
import { AdminTransfersSection } from '../payouts';

const PAGE_SIZE = 25;

/** /admin/sellers: every store with payout status and figures; suspend with a reason, reinstate. */
export default function AdminSellersPage() {
  useDocumentTitle('Seller management');
  const { text, setText, search } = useDebouncedSearch();
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);

  const { query, pager, connection } = usePagedConnection(
    AdminSellersQueryDocument,
    'adminSellers',
    { first: PAGE_SIZE, search: search || null },
    { errorTitle: 'More sellers could not be loaded', filterKey: search },
  );

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
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Store, username or email" />
        {connection ? <ListCount count={connection.totalCount} singular="seller" plural="sellers" /> : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading sellers…"
        errorTitle="The sellers could not be loaded"
        emptyIcon={<Store />}
        emptyTitle="No sellers match"
      >
        {(sellers) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Store</Table.ColumnHeader>
                <Table.ColumnHeader>Payouts</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Resources</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Sales</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Revenue</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </>
            }
          >
            {sellers.map((seller) => (
              <SellerRow
                key={seller.id}
                seller={seller}
                onSuspend={() => setSuspending({ id: seller.id, storeName: seller.storeName })}
              />
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
      <SuspendSellerDialog target={suspending} onClose={() => setSuspending(null)} />
      <AdminTransfersSection />
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
