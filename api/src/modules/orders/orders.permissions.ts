import { allow } from 'graphql-shield';
import { isAdmin, isAuthenticated, isStaff } from '../../graphql/rules';

/** Orders are the buyer's (checked by OrdersService/CheckoutService) or staff's. */
export const ordersPermissions = {
  Query: {
    checkoutQuote: isAuthenticated,
    myOrders: isAuthenticated,
    order: isAuthenticated,
    adminOrders: isStaff,
    adminRefundsDue: isAdmin,
    paymentConfig: allow,
  },
  Mutation: {
    checkoutStart: isAuthenticated,
    checkoutConfirm: isAuthenticated,
    checkoutCancel: isAuthenticated,
    orderRefund: isStaff,
    adminRefundRetry: isAdmin,
    orderTestDashboard: isStaff,
  },
  // Reached only through the guarded root fields above; `buyer` answers null unless staff.
  Order: allow,
  OrderLine: allow,
  OrderConnection: allow,
  OrderEdge: allow,
  CheckoutQuote: allow,
  PaymentSessionInfo: allow,
  CheckoutStartPayload: allow,
  OrderPayload: allow,
  // The automatic refunds still due (admins only, through the root fields above).
  RefundDue: allow,
  RefundDueConnection: allow,
  RefundDueEdge: allow,
  RefundRetryPayload: allow,
  OrderHistoryItem: allow,
};
