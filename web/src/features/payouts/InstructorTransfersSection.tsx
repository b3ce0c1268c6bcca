import { usePagedConnection } from '../../ui/usePagedConnection';
import { InstructorTransfersQueryDocument } from './transferDocuments';
import { TransfersSection } from './TransfersSection';

/** The instructor's earnings page: transfers of booking earnings, each with its order. */
export function InstructorTransfersSection() {
  const { query, pager, connection } = usePagedConnection(
    InstructorTransfersQueryDocument,
    'instructorTransfers',
    { first: 10 },
    { errorTitle: 'More transfers could not be loaded' },
  );
  return (
    <TransfersSection
      headingId="instructor-transfers-heading"
      headingLevel="h3"
      intro="Paid bookings past their hold period are transferred to your connected Stripe account."
      emptyDescription="Earnings are transferred once their hold period ends and a Stripe account is connected."
      balance={query.data?.instructorPayoutBalance}
      connection={connection}
      loading={query.loading}
      error={query.error}
      pager={pager}
      spinnerMinHeight="6rem"
    />
  );
}
