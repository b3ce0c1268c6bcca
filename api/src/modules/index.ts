import type { ModuleDefinition } from '../lib/define-module';
import { accountModule } from './account/module';
import { adminModule } from './admin/module';
import { apiTokensModule } from './api-tokens/module';
import { assignmentsModule } from './assignments/module';
import { authModule } from './auth/module';
import { bookingsModule } from './bookings/module';
import { cartModule } from './cart/module';
import { certificatesModule } from './certificates/module';
import { couponsModule } from './coupons/module';
import { coursesModule } from './courses/module';
import { identitiesModule } from './identities/module';
import { inboxModule } from './inbox/module';
import { instructorsModule } from './instructors/module';
import { learningModule } from './learning/module';
import { licencesModule } from './licences/module';
import { locationsModule } from './locations/module';
import { mailModule } from './mail/module';
import { membershipsModule } from './memberships/module';
import { messagingModule } from './messaging/module';
import { notificationsModule } from './notifications/module';
import { ordersModule } from './orders/module';
import { passkeysModule } from './passkeys/module';
import { paymentsModule } from './payments/module';
import { practiceModule } from './practice/module';
import { privacyModule } from './privacy/module';
import { referenceModule } from './reference/module';
import { resourcesModule } from './resources/module';
import { sellersModule } from './sellers/module';
import { shopModule } from './shop/module';
import { uploadsModule } from './uploads/module';
import { usersModule } from './users/module';
import { webhooksModule } from './webhooks/module';
import { videosModule } from './videos/module';

/**
 * Every API module of the app, each its `<name>/module.ts` (`defineModule`, lib/define-module.ts).
 * The app's central files read this list: `graphql/schema.ts` (resolvers), `graphql/permissions.ts`
 * (permission maps), `rest/router.ts` (REST handlers and graph-backed rows), `db/entities.ts`
 * (entities), `jobs/handlers.ts` (loading it declares the modules' jobs) and
 * `graphql/request-context.ts` (each request's services, made on first use: `services.ts`). A new
 * module adds one line here.
 *
 * The order is the REST order: Express tries routes in the order they are mounted, and the router
 * mounts every module's `restHandlersBeforeGuards`, then every module's `restHandlers`, then every
 * module's `graphRoutes`, each pass in this order. A module whose route could also match another
 * module's `:param` route must come first (today no two modules' routes overlap; the rows keep the
 * order they had in router.ts). The other readers do not depend on it: the schema is written
 * sorted, a permission claimed twice fails whatever the order, MikroORM keeps its metadata by name.
 */
export const appModules: readonly ModuleDefinition[] = [
  authModule,
  accountModule,
  privacyModule,
  identitiesModule,
  passkeysModule,
  usersModule,
  referenceModule,
  adminModule,
  coursesModule,
  learningModule,
  practiceModule,
  certificatesModule,
  resourcesModule,
  uploadsModule,
  sellersModule,
  cartModule,
  couponsModule,
  ordersModule,
  paymentsModule,
  licencesModule,
  mailModule,
  instructorsModule,
  bookingsModule,
  membershipsModule,
  messagingModule,
  inboxModule,
  notificationsModule,
  apiTokensModule,
  shopModule,
  webhooksModule,
  locationsModule,
  videosModule,
  assignmentsModule,
];
