/** Labels and colours of a transfer's status (SellerTransfer.status). */
export const TRANSFER_STATUS_LABEL: Record<string, string> = {
  pending: 'On the way',
  paid: 'Transferred',
  failed: 'Failed',
  offset: 'Paid a negative balance',
  canceled: 'Canceled',
};

export const TRANSFER_STATUS_PALETTE: Record<string, string> = {
  pending: 'blue',
  paid: 'green',
  failed: 'red',
  offset: 'orange',
  canceled: 'gray',
};

/** Labels and colours of a payout's status (SellerPayout.status, Stripe's). */
export const PAYOUT_STATUS_LABEL: Record<string, string> = {
  pending: 'Scheduled',
  in_transit: 'On its way to your bank',
  paid: 'Paid to your bank',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const PAYOUT_STATUS_PALETTE: Record<string, string> = {
  pending: 'blue',
  in_transit: 'blue',
  paid: 'green',
  failed: 'red',
  canceled: 'gray',
};
