import { defineModule } from '../../lib/define-module';
import { membershipsPermissions } from './memberships.permissions';
import { membershipResolvers } from './memberships.resolver';
import { membershipsRoutes } from './memberships.routes';
import { SubscriptionInvoice } from './subscription-invoice.entity';
import { SubscriptionPlan } from './subscription-plan.entity';
import { Subscription } from './subscription.entity';
import { requireScope } from '../api-tokens';
import { invoiceReceiptRoute } from './invoice-receipt.route';
import { useInvoiceOrderLifecycle } from './invoice-orders';
import { recordMembershipPayment } from '../orders';
import './membership.jobs';

// Each invoice is an order of the one order lifecycle (invoice-orders.ts says why it is handed over here).
useInvoiceOrderLifecycle({ record: recordMembershipPayment });

/** The memberships module's contribution to the app (listed in `modules/index.ts`). */
export const membershipsModule = defineModule({
  name: 'memberships',
  resolvers: membershipResolvers,
  permissions: [membershipsPermissions],
  graphRoutes: membershipsRoutes,
  entities: [SubscriptionPlan, Subscription, SubscriptionInvoice],
  restHandlers: ({ router, createContext }) => {
    router.get(
      '/subscription/invoices/:id/receipt',
      requireScope('account:read'),
      invoiceReceiptRoute(createContext, 'html'),
    );
    router.get(
      '/subscription/invoices/:id/receipt.pdf',
      requireScope('account:read'),
      invoiceReceiptRoute(createContext, 'pdf'),
    );
  },
});
