import { useQuery } from '@apollo/client/react';
import { Alert, Badge, EmptyState, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { BarChart3 } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { SalesOverTime } from './SalesOverTime';
import { SellerOnly } from './SellerOnly';
import { SellerResourceSalesQueryDocument } from './sellerDocuments';
import { formatCents } from './sellerFormat';

const STATUS_LABEL: Record<string, string> = {
  draft: 'Draft',
  pending_review: 'Resubmitted for review',
  published: 'Published',
  rejected: 'Rejected',
};
const STATUS_PALETTE: Record<string, string> = { draft: 'orange', published: 'green', rejected: 'red' };

/** /seller/analytics: the sales chart and revenue per resource. */
export default function SellerAnalyticsPage() {
  useDocumentTitle('Seller analytics');
  return (
    <SellerOnly>
      <Stack gap={6} maxW="6xl" mx="auto">
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Seller analytics
          </Heading>
          <Text color="fg.muted">Sales over time and revenue per resource (refunded sales excluded).</Text>
        </Stack>
        <SalesOverTime />
        <ResourceSalesTable />
      </Stack>
    </SellerOnly>
  );
}

function ResourceSalesTable() {
  const query = useQuery(SellerResourceSalesQueryDocument, { fetchPolicy: 'cache-and-network' });
  const rows = query.data?.sellerDashboard.resourceSales;
  if (!rows && query.loading) return <PageSpinner label="Loading your resources…" minHeight="8rem" />;
  if (!rows) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          Revenue per resource could not be loaded{query.error ? `: ${query.error.message}` : ''}
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <BarChart3 />
          </EmptyState.Indicator>
          <EmptyState.Title>No resources yet</EmptyState.Title>
          <EmptyState.Description>
            <Link asChild>
              <RouterLink to="/seller/resources/add">Add your first resource</RouterLink>
            </Link>
          </EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap={2}>
      <Heading as="h2" size="md">
        Revenue per resource
      </Heading>
      <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Resource</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Sales</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Revenue</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Net</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Downloads</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Rating</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.resourceId} data-testid="resource-sales-row">
                <Table.Cell>
                  <Link asChild fontWeight="medium">
                    <RouterLink to={`/curriculum/${r.resourceId}`}>{r.title}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_PALETTE[r.status] ?? 'gray'}>
                    {STATUS_LABEL[r.status] ?? r.status}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">{r.priceCents ? formatCents(r.priceCents) : 'Free'}</Table.Cell>
                <Table.Cell textAlign="end">{r.salesCount}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(r.grossCents)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(r.netCents)}</Table.Cell>
                <Table.Cell textAlign="end">{r.downloadCount}</Table.Cell>
                <Table.Cell textAlign="end">
                  {r.ratingCount ? `${r.ratingAverage.toFixed(1)} (${r.ratingCount})` : '—'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
