import { graphql } from '../../gql';

graphql(`
  fragment AdminSubscriptionPlan on SubscriptionPlan {
    id
    name
    description
    monthlyPriceCents
    yearlyPriceCents
    trialDays
    active
    position
    memberOnlyCourses
    resourceDiscountPercent
    lessonCredits
    creditValueCents
    trialGrantsCredits
    subscriberCount
    createdAt
  }
`);

graphql(`
  fragment AdminSubscriptionRow on Membership {
    id
    state
    status
    provider
    interval
    priceCents
    benefitsActive
    currentPeriodEnd
    graceEndsAt
    cancelAtPeriodEnd
    nextChargeAt
    nextChargeCents
    compReason
    createdAt
    plan {
      id
      name
    }
    member {
      id
      username
      displayName
      email
    }
  }
`);

export const AdminSubscriptionPlansQueryDocument = graphql(`
  query AdminSubscriptionPlans {
    adminSubscriptionPlans {
      ...AdminSubscriptionPlan
    }
  }
`);

export const AdminSubscriptionsQueryDocument = graphql(`
  query AdminSubscriptions($first: Int, $after: String, $status: String, $search: String) {
    adminSubscriptions(first: $first, after: $after, status: $status, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminSubscriptionRow
      }
    }
  }
`);

export const MembershipStatsQueryDocument = graphql(`
  query MembershipStats($months: Int) {
    membershipStats(months: $months) {
      mrrCents
      activeMembers
      trialing
      pastDue
      cancelling
      points {
        date
        mrrCents
        activeMembers
      }
    }
  }
`);

export const MembershipSettingsQueryDocument = graphql(`
  query MembershipSettings {
    membershipSettings {
      graceDays
    }
  }
`);

/** Accounts for the comp dialog's member search (admins: `users(search:)`). */
export const CompMemberSearchQueryDocument = graphql(`
  query CompMemberSearch($search: String) {
    users(first: 8, search: $search) {
      nodes {
        id
        username
        displayName
        email
      }
    }
  }
`);

export const SubscriptionPlanCreateMutationDocument = graphql(`
  mutation SubscriptionPlanCreate($input: SubscriptionPlanCreateInput!) {
    subscriptionPlanCreate(input: $input) {
      plan {
        ...AdminSubscriptionPlan
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionPlanUpdateMutationDocument = graphql(`
  mutation SubscriptionPlanUpdate($input: SubscriptionPlanUpdateInput!) {
    subscriptionPlanUpdate(input: $input) {
      plan {
        ...AdminSubscriptionPlan
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionCompMutationDocument = graphql(`
  mutation SubscriptionComp($input: SubscriptionCompInput!) {
    subscriptionComp(input: $input) {
      subscription {
        ...AdminSubscriptionRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MembershipSettingsUpdateMutationDocument = graphql(`
  mutation MembershipSettingsUpdate($input: MembershipSettingsInput!) {
    membershipSettingsUpdate(input: $input) {
      settings {
        graceDays
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** The admin page's lists, refreshed after a plan or a comp changes them. */
export const ADMIN_MEMBERSHIP_QUERIES = ['AdminSubscriptionPlans', 'AdminSubscriptions', 'MembershipStats'];
