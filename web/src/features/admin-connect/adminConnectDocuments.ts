import { graphql } from '../../gql';

graphql(`
  fragment AdminInstructorRow on InstructorProfile {
    id
    displayName
    avatarUrl
    headline
    styles
    city
    state
    teachesOnline
    teachesInPerson
    timeZone
    status
    statusReason
    featured
    rating
    reviewCount
    priceFromCents
  }
`);

export const AdminInstructorsQueryDocument = graphql(`
  query AdminInstructors($first: Int, $after: String, $status: InstructorStatus, $search: String) {
    adminInstructors(first: $first, after: $after, status: $status, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminInstructorRow
      }
    }
  }
`);

export const AdminInstructorOptionsQueryDocument = graphql(`
  query AdminInstructorOptions {
    adminInstructors(first: 200) {
      nodes {
        id
        displayName
      }
    }
  }
`);

export const AdminInstructorStatusSetMutationDocument = graphql(`
  mutation AdminInstructorStatusSet($input: AdminInstructorStatusSetInput!) {
    adminInstructorStatusSet(input: $input) {
      profile {
        ...AdminInstructorRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const AdminInstructorFeatureSetMutationDocument = graphql(`
  mutation AdminInstructorFeatureSet($input: AdminInstructorFeatureSetInput!) {
    adminInstructorFeatureSet(input: $input) {
      profile {
        ...AdminInstructorRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

graphql(`
  fragment AdminBookingRow on Booking {
    ...BookingCoreFields
    client {
      id
      username
      displayName
      firstName
      lastName
    }
  }
`);

export const AdminBookingsQueryDocument = graphql(`
  query AdminBookings(
    $first: Int
    $after: String
    $status: BookingStatus
    $instructorId: ID
    $search: String
    $from: DateTimeISO
    $to: DateTimeISO
  ) {
    adminBookings(
      first: $first
      after: $after
      status: $status
      instructorId: $instructorId
      search: $search
      from: $from
      to: $to
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminBookingRow
      }
    }
  }
`);

export const AdminBookingCancelMutationDocument = graphql(`
  mutation AdminBookingCancel($input: AdminBookingCancelInput!) {
    adminBookingCancel(input: $input) {
      booking {
        ...AdminBookingRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
