import { usePagedConnection } from '../../ui/usePagedConnection';
import { SellerTransfersQueryDocument } from './transferDocuments';
import { TransfersSection } from './TransfersSection';

/** /seller/payments: my Stripe transfers, one per sale past its hold period, with its order. */
export function SellerTransfersSection() {
  const { query, pager, connection } = usePagedConnection(
    SellerTransfersQueryDocument,
    'sellerTransfers',
    { first: 25 },
    { errorTitle: 'More transfers could not be loaded' },
  );
  return (
    <TransfersSection
      headingId="seller-transfers-heading"
      headingLevel="h2"
      intro="Each sale is transferred to your Stripe account once its hold period ends; Stripe then pays it out to your bank. A refund takes its transfer back."
      emptyDescription="Sales past their hold period are transferred every hour once your Stripe account is ready."
      balance={query.data?.sellerPayoutBalance}
      connection={connection}
      loading={query.loading}
      error={query.error}
      pager={pager}
      spinnerMinHeight="8rem"
    />
  );
}
