import { Badge, Button, Table, Text } from '@chakra-ui/react';
import type { AdminSubscriptionPlanFragment } from '../../gql/graphql';
import { ListTable } from '../../ui/ListTable';
import { formatCents } from '../../lib/currency';
import { benefitLines } from '../membership';

/** Every plan, offered or not, in order: prices, trial, benefits, live members, and Edit. */
export function PlansTable({
  plans,
  onEdit,
}: {
  plans: readonly AdminSubscriptionPlanFragment[];
  onEdit: (plan: AdminSubscriptionPlanFragment) => void;
}) {
  return (
    <ListTable
      header={
        <>
          <Table.ColumnHeader>Plan</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Monthly</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Yearly</Table.ColumnHeader>
          <Table.ColumnHeader>Benefits</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Members</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <Text srOnly>Actions</Text>
          </Table.ColumnHeader>
        </>
      }
    >
      {plans.map((plan) => (
        <Table.Row key={plan.id} data-testid="plan-row">
          <Table.Cell>
            <Text fontWeight="semibold">{plan.name}</Text>
            <Text fontSize="xs" color="fg.muted">
              Position {plan.position}
            </Text>
          </Table.Cell>
          <Table.Cell textAlign="end">{formatCents(plan.monthlyPriceCents)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCents(plan.yearlyPriceCents)}</Table.Cell>
          <Table.Cell fontSize="sm" whiteSpace="normal" minW="56">
            {benefitLines(plan, 'month').length
              ? benefitLines(plan, 'month').map((line) => <Text key={line}>{line}</Text>)
              : 'None'}
          </Table.Cell>
          <Table.Cell textAlign="end">{plan.subscriberCount}</Table.Cell>
          <Table.Cell>
            <Badge colorPalette={plan.active ? 'green' : 'gray'}>{plan.active ? 'Active' : 'Inactive'}</Badge>
          </Table.Cell>
          <Table.Cell textAlign="end">
            <Button size="xs" variant="outline" onClick={() => onEdit(plan)} aria-label={`Edit ${plan.name}`}>
              Edit
            </Button>
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
