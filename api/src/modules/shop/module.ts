import express from 'express';
import { defineModule } from '../../lib/define-module';
import { shopBagPermissions } from './shop-bag.permissions';
import { ShopBagResolver } from './shop-bag.resolver';
import { shopBagRoutes } from './shop-bag.routes';
import { shopCheckoutPermissions } from './shop-checkout.permissions';
import { ShopCheckoutResolver } from './shop-checkout.resolver';
import { shopCheckoutRoutes } from './shop-checkout.routes';
import { storeCatalogPermissions } from './store-catalog.permissions';
import { StoreCatalogResolver } from './store-catalog.resolver';
import { storeCatalogRoutes } from './store-catalog.routes';
import { storeConnectionPermissions } from './store-connection.permissions';
import { StoreConnectionResolver } from './store-connection.resolver';
import { storeInvitePermissions } from './store-invite.permissions';
import { StoreInviteResolver } from './store-invite.resolver';
import { storeOrdersPermissions } from './store-orders.permissions';
import { StoreOrdersResolver } from './store-orders.resolver';
import { storeOrdersRoutes } from './store-orders.routes';
import { storePublishPermissions } from './store-publish.permissions';
import { StorePublishResolver } from './store-publish.resolver';
import { storeWebhookRoute } from './store-webhook.route';
import './shop.jobs';
import { registerStoreCourseGrantSql } from '../orders';
import { GRANTED_STORE_COURSE_SQL } from './store-course-grant-sql';

registerStoreCourseGrantSql(GRANTED_STORE_COURSE_SQL);

/** The shop module's contribution to the app (listed in `modules/index.ts`). */
export const shopModule = defineModule({
  name: 'shop',
  resolvers: [
    StoreConnectionResolver,
    StorePublishResolver,
    StoreOrdersResolver,
    ShopBagResolver,
    ShopCheckoutResolver,
    StoreCatalogResolver,
    StoreInviteResolver,
  ],
  permissions: [
    storeConnectionPermissions,
    storePublishPermissions,
    storeOrdersPermissions,
    shopBagPermissions,
    shopCheckoutPermissions,
    storeCatalogPermissions,
    storeInvitePermissions,
  ],
  graphRoutes: [...storeOrdersRoutes, ...shopBagRoutes, ...shopCheckoutRoutes, ...storeCatalogRoutes],
  restHandlersBeforeGuards: ({ router, createContext }) => {
    // The store (Shopify) signs the raw body too (X-Shopify-Hmac-Sha256): same placement as Stripe's.
    router.post(
      '/webhooks/store',
      express.raw({ type: '*/*', limit: '5mb' }),
      storeWebhookRoute(createContext),
    );
  },
});
