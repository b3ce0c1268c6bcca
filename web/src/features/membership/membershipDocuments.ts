import { graphql } from '../../gql';

graphql(`
  fragment MembershipPlan on SubscriptionPlan {
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
    trialGrantsCredits
  }
`);

graphql(`
  fragment MembershipInvoice on SubscriptionInvoice {
    id
    number
    description
    amountCents
    status
    periodStart
    periodEnd
    paidAt
    hostedInvoiceUrl
    receiptUrl
    createdAt
  }
`);

graphql(`
  fragment MyMembership on Membership {
    id
    plan {
      ...MembershipPlan
    }
    interval
    priceCents
    provider
    status
    state
    benefitsActive
    currentPeriodStart
    currentPeriodEnd
    trialEnd
    cancelAtPeriodEnd
    cancelRequestedAt
    endedAt
    paymentFailedAt
    graceEndsAt
    pendingPlan {
      id
      name
    }
    pendingInterval
    pendingPriceCents
    nextChargeAt
    nextChargeCents
    lessonCreditsIncluded
    lessonCreditsLeft
    compReason
    createdAt
    testClockAvailable
    invoices {
      ...MembershipInvoice
    }
  }
`);

/** The plans on offer, by position. */
export const SubscriptionPlansQueryDocument = graphql(`
  query SubscriptionPlans {
    subscriptionPlans {
      ...MembershipPlan
    }
  }
`);

/** The signed-in member's membership (the live one, else the newest), or null. */
export const MySubscriptionQueryDocument = graphql(`
  query MySubscription {
    mySubscription {
      ...MyMembership
    }
  }
`);

/** What the header banner and the dashboard card need: state and dates only. */
export const MembershipStatusQueryDocument = graphql(`
  query MembershipStatus {
    mySubscription {
      id
      state
      benefitsActive
      interval
      currentPeriodEnd
      trialEnd
      graceEndsAt
      endedAt
      nextChargeAt
      nextChargeCents
      provider
      plan {
        id
        name
        memberOnlyCourses
      }
    }
  }
`);

export const SubscriptionCheckoutMutationDocument = graphql(`
  mutation SubscriptionCheckout($input: SubscriptionCheckoutInput!) {
    subscriptionCheckout(input: $input) {
      checkoutUrl
      subscription {
        ...MyMembership
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionCheckoutConfirmMutationDocument = graphql(`
  mutation SubscriptionCheckoutConfirm($input: SubscriptionCheckoutConfirmInput!) {
    subscriptionCheckoutConfirm(input: $input) {
      subscription {
        ...MyMembership
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionCancelMutationDocument = graphql(`
  mutation SubscriptionCancel($input: SubscriptionCancelInput!) {
    subscriptionCancel(input: $input) {
      subscription {
        ...MyMembership
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionResumeMutationDocument = graphql(`
  mutation SubscriptionResume {
    subscriptionResume {
      subscription {
        ...MyMembership
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionChangeMutationDocument = graphql(`
  mutation SubscriptionChange($input: SubscriptionChangeInput!) {
    subscriptionChange(input: $input) {
      subscription {
        ...MyMembership
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionPaymentMethodUpdateMutationDocument = graphql(`
  mutation SubscriptionPaymentMethodUpdate {
    subscriptionPaymentMethodUpdate {
      url
      subscription {
        ...MyMembership
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SubscriptionTestClockAdvanceMutationDocument = graphql(`
  mutation SubscriptionTestClockAdvance($input: SubscriptionTestClockInput!) {
    subscriptionTestClockAdvance(input: $input) {
      subscription {
        ...MyMembership
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
