import { defineModule } from '../../lib/define-module';
import { OrdersService } from './orders.service';
import { CheckoutService } from './checkout.service';
import { OrderLine } from './order-line.entity';
import { Order } from './order.entity';
import { ordersPermissions } from './orders.permissions';
import { ordersResolvers } from './orders.resolver';
import { ordersRoutes } from './orders.routes';
import { RefundsDueService } from './refunds-due.service';
import { requireScope } from '../api-tokens';
import { receiptRoute } from './receipt.route';
import { simpleCheckoutRoute } from './simple-checkout.route';
import './automatic-refund.jobs';
import { registerPaidOrderSql } from '../cart';
import { orderPaymentOfSql, paidOrderHasItemSql } from './paid-order-sql';
import { registerOrderPaymentSql } from '../sellers';

// The cart never sells an item twice: it asks for paid orders through this (cart/paid-orders.ts).
registerPaidOrderSql(paidOrderHasItemSql);
// A seller's transfer names its order's charge (sellers/order-payment-sql.ts).
registerOrderPaymentSql(orderPaymentOfSql);

/** The orders module's contribution to the app (listed in `modules/index.ts`). */
export const ordersModule = defineModule({
  name: 'orders',
  services: {
    orders: ({ em, payments }) => new OrdersService(em, payments),
    checkout: ({ em, payments }) => new CheckoutService(em, payments),
    refundsDue: ({ em, payments }) => new RefundsDueService(em, payments),
  },
  resolvers: ordersResolvers,
  permissions: [ordersPermissions],
  graphRoutes: ordersRoutes,
  entities: [Order, OrderLine],
  restHandlers: ({ router, server, createContext }) => {
    router.post('/simple-checkout', requireScope('cart:write'), simpleCheckoutRoute(server, createContext));
    router.get('/orders/:id/receipt', requireScope('orders:read'), receiptRoute(createContext, 'html'));
    router.get('/orders/:id/receipt.pdf', requireScope('orders:read'), receiptRoute(createContext, 'pdf'));
  },
});

declare module '../../services' {
  interface Services {
    orders: OrdersService;
    checkout: CheckoutService;
    refundsDue: RefundsDueService;
  }
}
