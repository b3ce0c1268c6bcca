import { allow } from 'graphql-shield';
import { isAdmin, isAuthenticated } from '../../graphql/rules';

/**
 * Plans are public; a member reads and changes only their own membership (the service takes the
 * signed-in user's); admins manage plans, see subscribers and numbers, and comp memberships.
 */
export const membershipsPermissions = {
  Query: {
    subscriptionPlans: allow,
    mySubscription: isAuthenticated,
    adminSubscriptionPlans: isAdmin,
    adminSubscriptions: isAdmin,
    membershipStats: isAdmin,
    membershipSettings: isAdmin,
  },
  Mutation: {
    subscriptionCheckout: isAuthenticated,
    subscriptionCheckoutConfirm: isAuthenticated,
    subscriptionCancel: isAuthenticated,
    subscriptionResume: isAuthenticated,
    subscriptionChange: isAuthenticated,
    subscriptionPaymentMethodUpdate: isAuthenticated,
    subscriptionTestClockAdvance: isAuthenticated,
    subscriptionPlanCreate: isAdmin,
    subscriptionPlanUpdate: isAdmin,
    subscriptionComp: isAdmin,
    membershipSettingsUpdate: isAdmin,
  },
  SubscriptionPlan: { '*': allow, subscriberCount: isAdmin, creditValueCents: isAdmin },
  Membership: isAuthenticated,
  SubscriptionMember: isAuthenticated,
  SubscriptionInvoice: isAuthenticated,
  SubscriptionEvent: isAuthenticated,
  MembershipConnection: isAdmin,
  MembershipEdge: isAdmin,
  SubscriptionPayload: isAuthenticated,
  SubscriptionCheckoutPayload: isAuthenticated,
  SubscriptionPortalPayload: isAuthenticated,
  SubscriptionPlanPayload: isAdmin,
  MembershipStats: isAdmin,
  MembershipStatsPoint: isAdmin,
  MembershipSettings: isAdmin,
  MembershipSettingsPayload: isAdmin,
};
