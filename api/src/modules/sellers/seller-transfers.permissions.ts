import { allow } from 'graphql-shield';
import { isStaff } from '../../graphql/rules';
import { isStoreOwner } from './sellers.permissions';

/** Sellers read their own transfers and balance; staff every transfer and what is owed. */
export const sellerTransfersPermissions = {
  Query: {
    sellerTransfers: isStoreOwner,
    sellerPayoutBalance: isStoreOwner,
    adminSellerTransfers: isStaff,
    adminPayoutTotals: isStaff,
    adminPayoutBalances: isStaff,
  },
  Mutation: {
    sellerTransfersRun: isStaff,
  },
  // Reached only through the guarded root fields above (and the instructors' in bookings).
  SellerTransfer: allow,
  SellerTransferConnection: allow,
  SellerTransferEdge: allow,
  PayoutBalance: allow,
  SellerTransfersRunPayload: allow,
};
