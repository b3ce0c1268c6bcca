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
