import { EmptyState, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { History } from 'lucide-react';
import type { AdminStoreConnectionFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { ListTable } from '../../ui/ListTable';

type StoreEvent = AdminStoreConnectionFragment['events'][number];

/** Every change of the store configuration, newest first: when, who, what (never a secret). */
export function StoreHistoryTable({ events }: { events: readonly StoreEvent[] }) {
  return (
    <Stack as="section" aria-labelledby="store-history-heading" gap={3}>
      <Heading as="h2" size="lg" id="store-history-heading">
        History
      </Heading>
      {events.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg" size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <History />
            </EmptyState.Indicator>
            <EmptyState.Title>No changes yet</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <ListTable
          header={
            <>
              <Table.ColumnHeader>When</Table.ColumnHeader>
              <Table.ColumnHeader>Who</Table.ColumnHeader>
              <Table.ColumnHeader>Change</Table.ColumnHeader>
            </>
          }
        >
          {events.map((event) => (
            <Table.Row key={event.id} data-testid="store-event-row">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(event.at)}</Table.Cell>
              <Table.Cell>{event.actorName ?? 'DRX'}</Table.Cell>
              <Table.Cell whiteSpace="normal">
                <Text>{event.summary}</Text>
                <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                  {event.action}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
      )}
    </Stack>
  );
}
