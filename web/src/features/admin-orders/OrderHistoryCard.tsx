import { Badge, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { formatCents } from '../../lib/currency';
import { formatOrderDate } from '../purchases';

const EVENT_LABELS: Record<string, string> = {
  provider_refund: 'Refunded in the payment provider',
  provider_partial_refund: 'Partly refunded in the payment provider',
  dispute_opened: 'Dispute opened',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
};

const DISPUTE_PALETTE: Record<string, string> = { open: 'orange', won: 'green', lost: 'red' };

interface HistoryItem {
  event: string;
  note: string;
  amountCents?: number | null;
  /** ISO-8601 (the graph's DateTime scalar). */
  createdAt: unknown;
}

/**
 * What happened to the order on the payment provider's side (refunds made in Stripe's dashboard,
 * chargebacks), oldest first, with what each took back or kept; the dispute's state when there is one.
 */
export function OrderHistoryCard({
  history,
  disputeStatus,
}: {
  history: readonly HistoryItem[];
  disputeStatus?: string | null;
}) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="history-heading" data-testid="order-history">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title as="h2" id="history-heading">
            History
          </Card.Title>
          {disputeStatus ? (
            <Badge colorPalette={DISPUTE_PALETTE[disputeStatus] ?? 'gray'}>Dispute {disputeStatus}</Badge>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {history.length === 0 ? (
          <Text color="fg.muted">Nothing happened to this order on the payment provider's side.</Text>
        ) : (
          <List.Root as="ol" gap={3} variant="plain">
            {history.map((item, i) => (
              <List.Item key={`${item.event}-${i}`} data-testid="order-history-item">
                <Stack gap={0}>
                  <Text fontWeight="medium">
                    {EVENT_LABELS[item.event] ?? item.event}
                    {item.amountCents != null ? ` · ${formatCents(item.amountCents)}` : ''}
                  </Text>
                  <Text fontSize="sm">{item.note}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatOrderDate(item.createdAt, true)}
                  </Text>
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
