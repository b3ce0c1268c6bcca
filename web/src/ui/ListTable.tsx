import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The bordered, scrollable small table of a list page: `header` holds the column headers. */
export function ListTable({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>{header}</Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
