import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Plus, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import type { AdminCouponFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { ConfirmButton } from '../courses';
import { AdminCouponsQueryDocument, useCouponDelete, useCouponUpdate } from './adminCoupons';
import { CouponFormDialog, type CouponDialogTarget } from './CouponFormDialog';
import {
  discountLabel,
  minimumLabel,
  SCOPE_LABEL,
  STATUS_LABEL,
  STATUS_PALETTE,
  usageLabel,
} from './couponForm';

const PAGE_SIZE = 25;

/** /admin/coupons: every coupon with search, status and usage; create, edit, deactivate, delete. */
export default function AdminCouponsPage() {
  useDocumentTitle('Coupons');
  const { text, setText, search } = useDebouncedSearch();
  const [dialog, setDialog] = useState<CouponDialogTarget>(null);

  const query = useQuery(AdminCouponsQueryDocument, {
    variables: { first: PAGE_SIZE, search: search || null },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'adminCoupons', {
    errorTitle: 'More coupons could not be loaded',
    filterKey: search,
  });
  const connection = (query.data ?? query.previousData)?.adminCoupons;

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap={4}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Coupons
          </Heading>
          <Text color="fg.muted">
            Discount codes members enter at checkout: percent or fixed amount, dates, limits and scope.
          </Text>
        </Stack>
        <Button onClick={() => setDialog('new')}>
          <Plus aria-hidden /> New coupon
        </Button>
      </HStack>
      <HStack gap={3} align="flex-end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Search</Field.Label>
          <Input
            type="search"
            value={text}
            placeholder="Code or description"
            onChange={(e) => setText(e.target.value)}
          />
        </Field.Root>
        {connection ? (
          <Text color="fg.muted" fontSize="sm" pb={2}>
            {connection.totalCount} {connection.totalCount === 1 ? 'coupon' : 'coupons'}
          </Text>
        ) : null}
      </HStack>
      {!connection && query.loading ? (
        <PageSpinner label="Loading coupons…" minHeight="12rem" />
      ) : query.error && !connection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The coupons could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      ) : !connection || connection.nodes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <TicketPercent />
            </EmptyState.Indicator>
            <EmptyState.Title>{search ? 'No coupons match' : 'No coupons yet'}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Code</Table.ColumnHeader>
                  <Table.ColumnHeader>Discount</Table.ColumnHeader>
                  <Table.ColumnHeader>Valid</Table.ColumnHeader>
                  <Table.ColumnHeader>Used</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {connection.nodes.map((coupon) => (
                  <CouponRow key={coupon.id} coupon={coupon} onEdit={() => setDialog(coupon)} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMoreButton pager={pager} />
        </>
      )}
      <CouponFormDialog target={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}

function CouponRow({ coupon, onEdit }: { coupon: AdminCouponFragment; onEdit: () => void }) {
  const update = useCouponUpdate();
  const remove = useCouponDelete();
  const minimum = minimumLabel(coupon.minSubtotalCents);

  async function deleteCoupon() {
    const result = await remove.run({ id: coupon.id });
    if (!result) return false;
    toaster.create(
      result.deactivated
        ? {
            title: 'Coupon deactivated',
            description: `${coupon.code} has been used, so it was deactivated instead of deleted.`,
            type: 'info',
          }
        : { title: 'Coupon deleted', type: 'success' },
    );
    return true;
  }

  return (
    <Table.Row data-testid="coupon-row">
      <Table.Cell>
        <Text fontFamily="mono" fontWeight="semibold">
          {coupon.code}
        </Text>
        {coupon.description ? (
          <Text fontSize="xs" color="fg.muted" maxW="xs" truncate title={coupon.description}>
            {coupon.description}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Text>{discountLabel(coupon)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {[SCOPE_LABEL[coupon.scope] ?? coupon.scope, minimum].filter(Boolean).join(' · ')}
        </Text>
      </Table.Cell>
      <Table.Cell fontSize="sm">
        <Text>From {formatDateTime(coupon.startsAt)}</Text>
        <Text color="fg.muted">
          {coupon.endsAt ? `Until ${formatDateTime(coupon.endsAt)}` : 'No end date'}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text aria-label={`Used ${usageLabel(coupon)}`}>{usageLabel(coupon)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {coupon.perMemberLimit ? `${coupon.perMemberLimit} per member` : 'No per-member limit'}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_PALETTE[coupon.status] ?? 'gray'}>
          {STATUS_LABEL[coupon.status] ?? coupon.status}
        </Badge>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap={1} justify="flex-end">
          <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${coupon.code}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="ghost"
            loading={update.loading}
            onClick={() =>
              void update.run(
                { id: coupon.id, active: !coupon.active },
                coupon.active ? 'Coupon deactivated' : 'Coupon activated',
              )
            }
          >
            {coupon.active ? 'Deactivate' : 'Activate'}
          </Button>
          <ConfirmButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            title={`Delete coupon ${coupon.code}?`}
            description={
              coupon.usedCount > 0
                ? 'This coupon has been used, so it will be deactivated instead of deleted (its orders keep it).'
                : 'Members will no longer be able to use this code. This cannot be undone.'
            }
            confirmLabel={coupon.usedCount > 0 ? 'Deactivate' : 'Delete'}
            onConfirm={deleteCoupon}
          >
            Delete
          </ConfirmButton>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
