import { defineModule } from '../../lib/define-module';
import { OrderLine } from './order-line.entity';
import { Order } from './order.entity';
import { ordersPermissions } from './orders.permissions';
import { ordersResolvers } from './orders.resolver';
import { ordersRoutes } from './orders.routes';
import './automatic-refund.jobs';

/** The orders module's contribution to the app (listed in `modules/index.ts`). */
export const ordersModule = defineModule({
  name: 'orders',
  resolvers: ordersResolvers,
  permissions: [ordersPermissions],
  graphRoutes: ordersRoutes,
  entities: [Order, OrderLine],
});
