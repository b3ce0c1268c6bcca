import { useQuery } from '@apollo/client/react';
import { Alert, Button, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { SalesOverTime } from './SalesOverTime';
import { SellerOnly } from './SellerOnly';
import { StatCard } from '../../ui/StatCard';
import { MessagesDashboardCard } from '../messages';
import { SellerDashboardQueryDocument } from './sellerDocuments';
import { formatCents } from './sellerFormat';

/** /seller-dashboard and /seller: sales, revenue, earnings, downloads and ratings at a glance. */
export default function SellerDashboardPage() {
  useDocumentTitle('Seller dashboard');
  return (
    <SellerOnly>
      <SellerDashboard />
    </SellerOnly>
  );
}

function SellerDashboard() {
  const query = useQuery(SellerDashboardQueryDocument, { fetchPolicy: 'cache-and-network' });
  const d = query.data?.sellerDashboard;
  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Seller dashboard
          </Heading>
          <Text color="fg.muted">Your store’s sales, earnings, downloads and ratings.</Text>
        </Stack>
        <HStack gap={2}>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/seller/analytics">Analytics</RouterLink>
          </Button>
          <Button asChild size="sm">
            <RouterLink to="/seller/payments">Payments</RouterLink>
          </Button>
        </HStack>
      </HStack>
      {!d && query.loading ? (
        <PageSpinner label="Loading your dashboard…" minHeight="12rem" />
      ) : !d ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            Your dashboard could not be loaded{query.error ? `: ${query.error.message}` : ''}
          </Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
            <StatCard label="Sales" value={d.salesCount} hint="Refunded sales not counted" />
            <StatCard label="Revenue" value={formatCents(d.grossRevenueCents)} hint="What buyers paid" />
            <StatCard
              label="Net earnings"
              value={formatCents(d.netEarningsCents)}
              hint={`After the ${d.platformFeePercent}% platform fee`}
            />
            <StatCard
              label="Balance"
              value={formatCents(d.availableBalanceCents)}
              hint={`${formatCents(d.pendingBalanceCents)} pending (${d.holdDays}-day hold)`}
            />
            <StatCard label="Downloads" value={d.totalDownloads} hint="Of all your resources" />
            <StatCard
              label="Average rating"
              value={d.ratingCount ? `${d.averageRating.toFixed(2)} / 5` : '—'}
              hint={`${d.ratingCount} ${d.ratingCount === 1 ? 'review' : 'reviews'}`}
            />
            <StatCard label="Published resources" value={d.resourcesByStatus.published} />
            <StatCard
              label="Drafts and rejected"
              value={d.resourcesByStatus.draft + d.resourcesByStatus.rejected}
              hint={`${d.resourcesByStatus.draft} drafts · ${d.resourcesByStatus.rejected} rejected`}
            />
          </SimpleGrid>
          <SalesOverTime />
        </>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={4}>
        <MessagesDashboardCard to="/seller/messages" />
      </SimpleGrid>
    </Stack>
  );
}
