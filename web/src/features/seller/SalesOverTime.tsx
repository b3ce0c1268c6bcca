import { useQuery } from '@apollo/client/react';
import { Alert, Button, ButtonGroup, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PageSpinner } from '../../ui/PageSpinner';
import { SalesChart } from './SalesChart';
import { SellerSalesSeriesQueryDocument } from './sellerDocuments';
import { formatCents } from './sellerFormat';

export const SALES_RANGES = [7, 30, 90] as const;

/** The sales chart with its 7 / 30 / 90 days range selector and the range's totals. */
export function SalesOverTime() {
  const [days, setDays] = useState<number>(30);
  const query = useQuery(SellerSalesSeriesQueryDocument, {
    variables: { days },
    fetchPolicy: 'cache-and-network',
  });
  const points = (query.data ?? query.previousData)?.sellerDashboard.salesSeries;
  const gross = points?.reduce((sum, p) => sum + p.grossCents, 0) ?? 0;
  const net = points?.reduce((sum, p) => sum + p.netCents, 0) ?? 0;
  const sales = points?.reduce((sum, p) => sum + p.salesCount, 0) ?? 0;

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap={4}>
          <HStack justify="space-between" wrap="wrap" gap={3}>
            <Stack gap={0}>
              <Heading as="h2" size="md">
                Sales over time
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {sales} {sales === 1 ? 'sale' : 'sales'} · {formatCents(gross)} revenue · {formatCents(net)}{' '}
                net
              </Text>
            </Stack>
            <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Chart range">
              {SALES_RANGES.map((range) => (
                <Button
                  key={range}
                  aria-pressed={days === range}
                  variant={days === range ? 'solid' : 'outline'}
                  onClick={() => setDays(range)}
                >
                  {range} days
                </Button>
              ))}
            </ButtonGroup>
          </HStack>
          {points ? (
            <SalesChart points={points} title={`Revenue per day, last ${points.length} days`} />
          ) : query.error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>The sales could not be loaded: {query.error.message}</Alert.Title>
            </Alert.Root>
          ) : (
            <PageSpinner label="Loading sales…" minHeight="12rem" />
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
