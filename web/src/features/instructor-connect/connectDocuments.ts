import { graphql } from '../../gql';

graphql(`
  fragment ConnectSessionType on SessionType {
    ...SessionTypeFields
    bufferBeforeMinutes
    bufferAfterMinutes
    minNoticeMinutes
    horizonDays
    maxPerDay
    recurrenceRule
    zip
    active
  }
`);

graphql(`
  fragment AvailabilityOverrideFields on AvailabilityOverride {
    id
    date
    kind
    startTime
    endTime
    note
  }
`);

graphql(`
  fragment MyInstructorProfile on InstructorProfile {
    id
    acceptsInquiries
    displayName
    avatarUrl
    headline
    bio
    styles
    levels
    ageGroups
    languages
    teachesOnline
    teachesInPerson
    city
    state
    zip
    introVideoUrl
    timeZone
    status
    statusReason
    featured
    bufferBeforeMinutes
    bufferAfterMinutes
    minNoticeMinutes
    horizonDays
    cancelFreeHours
    lateCancelFeePercent
  }
`);

export const MyInstructorProfileQueryDocument = graphql(`
  query MyInstructorProfile {
    myInstructorProfile {
      ...MyInstructorProfile
      sessionTypes(includeArchived: true) {
        ...ConnectSessionType
      }
    }
    referenceLists {
      danceStyles
      skillLevels
      ageGroups
    }
  }
`);

export const MyAvailabilityQueryDocument = graphql(`
  query MyAvailability {
    myInstructorProfile {
      id
      timeZone
      availabilityRules {
        id
        weekday
        startTime
        endTime
      }
      availabilityOverrides {
        ...AvailabilityOverrideFields
      }
      sessionTypes {
        id
        title
        kind
        durationMinutes
      }
    }
  }
`);

/** The free times of a session type: the same query as the booking calendar's (InstructorSlots). */
export { InstructorSlotsQueryDocument } from '../connect';

export const InstructorProfileUpdateMutationDocument = graphql(`
  mutation InstructorProfileUpdate($input: InstructorProfileUpdateInput!) {
    instructorProfileUpdate(input: $input) {
      profile {
        ...MyInstructorProfile
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const InstructorSettingsUpdateMutationDocument = graphql(`
  mutation InstructorSettingsUpdate($input: InstructorSettingsUpdateInput!) {
    instructorSettingsUpdate(input: $input) {
      profile {
        ...MyInstructorProfile
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SessionTypeCreateMutationDocument = graphql(`
  mutation SessionTypeCreate($input: SessionTypeCreateInput!) {
    sessionTypeCreate(input: $input) {
      sessionType {
        ...ConnectSessionType
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SessionTypeUpdateMutationDocument = graphql(`
  mutation SessionTypeUpdate($input: SessionTypeUpdateInput!) {
    sessionTypeUpdate(input: $input) {
      sessionType {
        ...ConnectSessionType
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SessionTypeArchiveMutationDocument = graphql(`
  mutation SessionTypeArchive($input: SessionTypeArchiveInput!) {
    sessionTypeArchive(input: $input) {
      sessionType {
        ...ConnectSessionType
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const AvailabilityRulesSetMutationDocument = graphql(`
  mutation AvailabilityRulesSet($input: AvailabilityRulesSetInput!) {
    availabilityRulesSet(input: $input) {
      profile {
        id
        availabilityRules {
          id
          weekday
          startTime
          endTime
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const AvailabilityOverrideAddMutationDocument = graphql(`
  mutation AvailabilityOverrideAdd($input: AvailabilityOverrideAddInput!) {
    availabilityOverrideAdd(input: $input) {
      profile {
        id
        availabilityOverrides {
          ...AvailabilityOverrideFields
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const AvailabilityOverrideRemoveMutationDocument = graphql(`
  mutation AvailabilityOverrideRemove($input: AvailabilityOverrideRemoveInput!) {
    availabilityOverrideRemove(input: $input) {
      profile {
        id
        availabilityOverrides {
          ...AvailabilityOverrideFields
        }
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
  fragment InstructorBookingRow on Booking {
    ...BookingCoreFields
    note
    canceledAt
    canCancel
    canReschedule
    sessionTypeId
    client {
      id
      username
      displayName
      firstName
      lastName
      profileImageUrl
    }
  }
`);

export const InstructorBookingsQueryDocument = graphql(`
  query InstructorBookings($first: Int, $after: String, $when: BookingWhen, $status: BookingStatus) {
    instructorBookings(first: $first, after: $after, when: $when, status: $status) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...InstructorBookingRow
      }
    }
  }
`);

export const BookingApproveMutationDocument = graphql(`
  mutation InstructorBookingApprove($input: BookingIdInput!) {
    bookingApprove(input: $input) {
      booking {
        ...InstructorBookingRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const BookingDeclineMutationDocument = graphql(`
  mutation InstructorBookingDecline($input: BookingReasonInput!) {
    bookingDecline(input: $input) {
      booking {
        ...InstructorBookingRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const BookingCancelMutationDocument = graphql(`
  mutation InstructorBookingCancel($input: BookingReasonInput!) {
    bookingCancel(input: $input) {
      booking {
        ...InstructorBookingRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const BookingRescheduleMutationDocument = graphql(`
  mutation InstructorBookingReschedule($input: BookingRescheduleInput!) {
    bookingReschedule(input: $input) {
      booking {
        ...InstructorBookingRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const BookingCompleteMutationDocument = graphql(`
  mutation InstructorBookingComplete($input: BookingIdInput!) {
    bookingComplete(input: $input) {
      booking {
        ...InstructorBookingRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const BookingNoShowMutationDocument = graphql(`
  mutation InstructorBookingNoShow($input: BookingIdInput!) {
    bookingNoShow(input: $input) {
      booking {
        ...InstructorBookingRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
