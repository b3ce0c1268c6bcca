import { GraphQLError } from 'graphql';
import { deny, shield } from 'graphql-shield';
import type { IRules } from 'graphql-shield';
import { adminPermissions } from '../modules/admin/admin.permissions';
import { accountPermissions } from '../modules/account/account.permissions';
import { identitiesPermissions } from '../modules/identities/identities.permissions';
import { twoStepPermissions } from '../modules/account/two-step/two-step.permissions';
import { authPermissions } from '../modules/auth/auth.permissions';
import { passkeysPermissions } from '../modules/passkeys/passkeys.permissions';
import { calendarPermissions } from '../modules/bookings/calendar/calendar.permissions';
import { bookingsPermissions } from '../modules/bookings/bookings.permissions';
import { instructorEarningsPermissions } from '../modules/bookings/instructor-earnings';
import { cartPermissions } from '../modules/cart/cart.permissions';
import { couponsPermissions } from '../modules/coupons/coupons.permissions';
import { instructorsPermissions } from '../modules/instructors/instructors.permissions';
import { membershipsPermissions } from '../modules/memberships/memberships.permissions';
import { notificationsPermissions } from '../modules/notifications/notifications.permissions';
import { apiTokensPermissions } from '../modules/api-tokens/api-tokens.permissions';
import { mailPermissions } from '../modules/mail/mail.permissions';
import { messagingPermissions } from '../modules/messaging/messaging.permissions';
import { inboxPermissions } from '../modules/inbox/inbox.permissions';
import { storeOrdersPermissions } from '../modules/shop/store-orders.permissions';
import { shopBagPermissions } from '../modules/shop/shop-bag.permissions';
import { shopCheckoutPermissions } from '../modules/shop/shop-checkout.permissions';
import { storeCatalogPermissions } from '../modules/shop/store-catalog.permissions';
import { storeConnectionPermissions } from '../modules/shop/store-connection.permissions';
import { storePublishPermissions } from '../modules/shop/store-publish.permissions';
import { storeInvitePermissions } from '../modules/shop/store-invite.permissions';
import { certificatesPermissions } from '../modules/certificates/certificates.permissions';
import { coursesPermissions } from '../modules/courses/courses.permissions';
import { learningPermissions } from '../modules/learning/learning.permissions';
import { licencesPermissions } from '../modules/licences/licences.permissions';
import { ordersPermissions } from '../modules/orders/orders.permissions';
import { referencePermissions } from '../modules/reference/reference.permissions';
import { resourceAuthoringPermissions } from '../modules/resources/resource-authoring.permissions';
import { resourcesPermissions } from '../modules/resources/resources.permissions';
import { uploadsPermissions } from '../modules/uploads/uploads.permissions';
import { sellersPermissions } from '../modules/sellers/sellers.permissions';
import { usersPermissions } from '../modules/users/users.permissions';
import { privacyPermissions } from '../modules/privacy/privacy.permissions';
import { webhooksPermissions } from '../modules/webhooks/webhooks.permissions';

type RuleMap = Record<string, unknown>;

/** Merges the modules' rule maps; a field claimed by two modules is a programming error. */
export function mergeRules(...maps: RuleMap[]): RuleMap {
  const merged: RuleMap = {};
  for (const map of maps) {
    for (const [type, rules] of Object.entries(map)) {
      const existing = merged[type];
      if (existing === undefined) {
        merged[type] = rules;
      } else if (isFieldMap(existing) && isFieldMap(rules)) {
        for (const field of Object.keys(rules)) {
          if (field in existing) throw new Error(`Permission for ${type}.${field} is defined twice`);
        }
        merged[type] = { ...existing, ...rules };
      } else {
        throw new Error(`Permission for type ${type} is defined twice`);
      }
    }
  }
  return merged;
}

function isFieldMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && value.constructor === Object;
}

export const ruleTree = mergeRules(
  authPermissions,
  accountPermissions,
  privacyPermissions,
  identitiesPermissions,
  passkeysPermissions,
  twoStepPermissions,
  usersPermissions,
  referencePermissions,
  adminPermissions,
  coursesPermissions,
  learningPermissions,
  certificatesPermissions,
  resourcesPermissions,
  resourceAuthoringPermissions,
  uploadsPermissions,
  sellersPermissions,
  cartPermissions,
  couponsPermissions,
  ordersPermissions,
  licencesPermissions,
  mailPermissions,
  inboxPermissions,
  calendarPermissions,
  bookingsPermissions,
  instructorEarningsPermissions,
  instructorsPermissions,
  membershipsPermissions,
  messagingPermissions,
  notificationsPermissions,
  apiTokensPermissions,
  storeConnectionPermissions,
  storePublishPermissions,
  storeOrdersPermissions,
  shopBagPermissions,
  shopCheckoutPermissions,
  storeCatalogPermissions,
  storeInvitePermissions,
  webhooksPermissions,
);

export const permissions = shield(ruleTree as IRules, {
  debug: false,
  fallbackRule: deny,
  allowExternalErrors: true,
  fallbackError: () =>
    new GraphQLError('You are not allowed to do this.', { extensions: { code: 'FORBIDDEN' } }),
});
