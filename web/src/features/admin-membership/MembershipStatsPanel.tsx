import { useQuery } from '@apollo/client/react';
import { Alert, Box, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { ListTable } from '../../ui/ListTable';
import { StatCard } from '../../ui/StatCard';
import { PageSpinner } from '../../ui/PageSpinner';
import { formatCents } from '../../lib/currency';
import { MembershipStatsQueryDocument } from './adminMembershipDocuments';
import { MembershipChart, monthLabel } from './MembershipChart';

const count = (n: number) => String(n);

/** MRR and member counts now, and MRR and active members month by month (last 12 months). */
export function MembershipStatsPanel() {
  const query = useQuery(MembershipStatsQueryDocument, {
    variables: { months: 12 },
    fetchPolicy: 'cache-and-network',
  });
  const stats = query.data?.membershipStats;
  return (
    <Stack as="section" aria-labelledby="membership-stats-heading" gap={4}>
      <Heading as="h2" size="lg" id="membership-stats-heading">
        Overview
      </Heading>
      {!stats && query.loading ? (
        <PageSpinner label="Loading membership numbers…" minHeight="8rem" />
      ) : !stats ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            The membership numbers could not be loaded{query.error ? `: ${query.error.message}` : ''}
          </Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <SimpleGrid columns={{ base: 2, md: 5 }} gap={3}>
            <StatCard label="MRR" value={formatCents(stats.mrrCents)} hint="Monthly recurring revenue" />
            <StatCard label="Active members" value={count(stats.activeMembers)} hint="With benefits now" />
            <StatCard label="Trialing" value={count(stats.trialing)} />
            <StatCard label="Past due" value={count(stats.pastDue)} hint="In the grace period" />
            <StatCard label="Cancelling" value={count(stats.cancelling)} hint="Ending at period end" />
          </SimpleGrid>
          <Stack direction={{ base: 'column', md: 'row' }} gap={4}>
            <MembershipChart
              title="MRR by month"
              points={stats.points.map((p) => ({ date: p.date, value: p.mrrCents }))}
              format={formatCents}
            />
            <MembershipChart
              title="Active members by month"
              points={stats.points.map((p) => ({ date: p.date, value: p.activeMembers }))}
              format={count}
              color="green.solid"
            />
          </Stack>
          <Box as="details">
            <Text as="summary" cursor="pointer" fontSize="sm" color="fg.muted">
              Numbers by month
            </Text>
            <Box mt={2}>
              <ListTable
                header={
                  <>
                    <Table.ColumnHeader>Month</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">MRR</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Active members</Table.ColumnHeader>
                  </>
                }
              >
                {stats.points.map((p) => (
                  <Table.Row key={String(p.date)}>
                    <Table.Cell>{monthLabel(p.date)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatCents(p.mrrCents)}</Table.Cell>
                    <Table.Cell textAlign="end">{p.activeMembers}</Table.Cell>
                  </Table.Row>
                ))}
              </ListTable>
            </Box>
          </Box>
        </>
      )}
    </Stack>
  );
}
