import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { applyMiddleware } from 'graphql-middleware';
import path from 'node:path';
import { buildSchema, emitSchemaDefinitionFile, type PubSub } from 'type-graphql';
import { AdminResolver } from '../modules/admin/admin.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { calendarResolvers } from '../modules/bookings/calendar/calendar.resolver';
import { membershipResolvers } from '../modules/memberships/memberships.resolver';
import { BookingsResolver } from '../modules/bookings/bookings.resolver';
import { instructorEarningsResolvers } from '../modules/bookings/instructor-earnings';
import { CartResolver } from '../modules/cart/cart.resolver';
import { CouponsResolver } from '../modules/coupons/coupons.resolver';
import { instructorsResolvers } from '../modules/instructors/instructors.resolver';
import { MailResolver } from '../modules/mail/mail.resolver';
import { messagingResolvers } from '../modules/messaging/messaging.resolver';
import { InboxResolver } from '../modules/inbox/inbox.resolver';
import { StoreOrdersResolver } from '../modules/shop/store-orders.resolver';
import { ShopBagResolver } from '../modules/shop/shop-bag.resolver';
import { ShopCheckoutResolver } from '../modules/shop/shop-checkout.resolver';
import { StoreCatalogResolver } from '../modules/shop/store-catalog.resolver';
import { StoreConnectionResolver } from '../modules/shop/store-connection.resolver';
import { StorePublishResolver } from '../modules/shop/store-publish.resolver';
import { StoreInviteResolver } from '../modules/shop/store-invite.resolver';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver';
import { ApiTokensResolver } from '../modules/api-tokens/api-tokens.resolver';
import { addTokenScopes } from '../modules/api-tokens/describe-scopes';
import { CertificateTemplatesResolver } from '../modules/certificates/certificate-templates.resolver';
import { CertificatesResolver } from '../modules/certificates/certificates.resolver';
import { CoursesResolver } from '../modules/courses/courses.resolver';
import { learningFieldResolvers } from '../modules/learning/learning-fields.resolver';
import { LearningResolver } from '../modules/learning/learning.resolver';
import { licencesResolvers } from '../modules/licences/licences.resolver';
import { ordersResolvers } from '../modules/orders/orders.resolver';
import { ReferenceResolver } from '../modules/reference/reference.resolver';
import { ResourceAuthoringResolver } from '../modules/resources/resource-authoring.resolver';
import { resourcesResolvers } from '../modules/resources/resources.resolver';
import { UploadsResolver } from '../modules/uploads/uploads.resolver';
import { sellersResolvers } from '../modules/sellers/sellers.resolver';
import { AccountResolver } from '../modules/account/account.resolver';
import { PrivacyResolver } from '../modules/privacy/privacy.resolver';
import { IdentitiesResolver } from '../modules/identities/identities.resolver';
import { PasskeysResolver } from '../modules/passkeys/passkeys.resolver';
import { TwoStepResolver } from '../modules/account/two-step/two-step.resolver';
import { UsersResolver } from '../modules/users/users.resolver';
import { webhooksResolvers } from '../modules/webhooks/webhooks.resolver';
import { PgPubSub } from '../realtime/pg-pubsub';
import { addAudiences } from './audience';
import { describeConnections } from './connection';
import { permissionMiddleware, ruleOf } from './permission-middleware';

export const resolvers = [
  AuthResolver,
  AccountResolver,
  PrivacyResolver,
  IdentitiesResolver,
  PasskeysResolver,
  TwoStepResolver,
  UsersResolver,
  ReferenceResolver,
  AdminResolver,
  CoursesResolver,
  LearningResolver,
  ...learningFieldResolvers,
  CertificatesResolver,
  CertificateTemplatesResolver,
  ...resourcesResolvers,
  ResourceAuthoringResolver,
  UploadsResolver,
  ...sellersResolvers,
  CartResolver,
  CouponsResolver,
  ...ordersResolvers,
  ...licencesResolvers,
  MailResolver,
  InboxResolver,
  ...calendarResolvers,
  BookingsResolver,
  ...instructorEarningsResolvers,
  ...instructorsResolvers,
  ...membershipResolvers,
  ...messagingResolvers,
  NotificationsResolver,
  ApiTokensResolver,
  StoreConnectionResolver,
  StorePublishResolver,
  StoreOrdersResolver,
  ShopBagResolver,
  ShopCheckoutResolver,
  StoreCatalogResolver,
  StoreInviteResolver,
  ...webhooksResolvers,
] as const;

/** Where the committed SDL lives (the repo root). */
export const SCHEMA_FILE = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');

/** The root types' descriptions (type-graphql has no option for them). */
function describeRootTypes(schema: GraphQLSchema): void {
  const query = schema.getQueryType();
  if (query) {
    query.description =
      'Everything the DRX graph can read. Each field says what it returns and who may call it; a caller it does not admit gets a GraphQL error with code UNAUTHENTICATED or FORBIDDEN.';
  }
  const mutation = schema.getMutationType();
  if (mutation) {
    mutation.description =
      'Everything the DRX graph can change. Expected failures come back as data in each payload’s `userErrors` (code, field, message); a caller the field does not admit gets a GraphQL error with code UNAUTHENTICATED or FORBIDDEN.';
  }
  const subscription = schema.getSubscriptionType();
  if (subscription) {
    subscription.description =
      'Live events, served over GraphQL over Server-Sent Events (graphql-sse, distinct connections) at POST /graphql/stream, not at /graphql. Each event is read again from the database as the subscriber; a lost stream loses its events, so clients refetch after reconnecting.';
  }
}

/**
 * The graph without permissions (for tooling and the permission walk test); each root field's
 * description ends with who may call it, from its permission rule (audience.ts). Without a pubsub
 * it gets a detached one (no database needed: subscriptions can be built and described, not served).
 */
export async function buildBareSchema(pubSub: PubSub = new PgPubSub()): Promise<GraphQLSchema> {
  const schema = await buildSchema({ resolvers, validate: false, pubSub });
  describeRootTypes(schema);
  describeConnections(schema);
  // The scope first: the audience line ends every root field's description (audience.spec.ts).
  addTokenScopes(schema);
  addAudiences(schema, ruleOf);
  return schema;
}

/** Writes schema.graphql (`npm run schema`), sorted, as the served graph describes itself. */
export async function emitSchemaFile(): Promise<void> {
  await emitSchemaDefinitionFile(SCHEMA_FILE, await buildBareSchema(), { sortedSchema: true });
}

/**
 * The graph served at /graphql (and /graphql/stream) and used by the REST adapter: with
 * graphql-shield applied; its subscriptions listen on `pubSub` (the app's PostgreSQL pubsub).
 */
export async function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  const schema = await buildBareSchema(pubSub);
  return applyMiddleware(schema, permissionMiddleware(schema));
}
