import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import { FileDown, ReceiptText } from 'lucide-react';
import type { MembershipInvoiceFragment } from '../../gql/graphql';
import { ListTable } from '../../ui/ListTable';
import { formatCents } from '../../lib/currency';
import { formatMembershipDate, receiptPdfUrl } from './membershipFormat';

const INVOICE_PALETTE: Record<string, string> = {
  paid: 'green',
  open: 'orange',
  void: 'gray',
  uncollectible: 'red',
};

/** The membership's invoices, newest first, each with its receipt (HTML in a new tab, PDF download). */
export function InvoicesTable({ invoices }: { invoices: readonly MembershipInvoiceFragment[] }) {
  if (invoices.length === 0) {
    return <Text color="fg.muted">No invoices yet.</Text>;
  }
  return (
    <ListTable
      header={
        <>
          <Table.ColumnHeader>Invoice</Table.ColumnHeader>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Period</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Receipt</Table.ColumnHeader>
        </>
      }
    >
      {invoices.map((invoice) => (
        <Table.Row key={invoice.id} data-testid="invoice-row">
          <Table.Cell>
            <Text fontFamily="mono">{invoice.number}</Text>
            {invoice.description ? (
              <Text fontSize="xs" color="fg.muted">
                {invoice.description}
              </Text>
            ) : null}
          </Table.Cell>
          <Table.Cell>{formatMembershipDate(invoice.paidAt ?? invoice.createdAt)}</Table.Cell>
          <Table.Cell fontSize="sm">
            {invoice.periodStart && invoice.periodEnd
              ? `${formatMembershipDate(invoice.periodStart)} – ${formatMembershipDate(invoice.periodEnd)}`
              : ''}
          </Table.Cell>
          <Table.Cell textAlign="end">{formatCents(invoice.amountCents)}</Table.Cell>
          <Table.Cell>
            <Badge colorPalette={INVOICE_PALETTE[invoice.status] ?? 'gray'}>{invoice.status}</Badge>
          </Table.Cell>
          <Table.Cell>
            <HStack gap={1} wrap="wrap">
              <Button asChild size="xs" variant="ghost">
                <a
                  href={invoice.receiptUrl}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Receipt for ${invoice.number}`}
                >
                  <ReceiptText size={14} aria-hidden /> Receipt
                </a>
              </Button>
              <Button asChild size="xs" variant="ghost">
                <a
                  href={receiptPdfUrl(invoice.receiptUrl)}
                  download
                  aria-label={`Receipt for ${invoice.number} (PDF)`}
                >
                  <FileDown size={14} aria-hidden /> PDF
                </a>
              </Button>
            </HStack>
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
