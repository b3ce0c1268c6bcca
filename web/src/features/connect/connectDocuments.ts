import { graphql } from '../../gql';
import { useCourseMutation } from '../courses';

/** The value lists of the finder's filters (the graph's reference lists). */
export const ConnectOptionsQueryDocument = graphql(`
  query ConnectOptions {
    referenceLists {
      danceStyles
      skillLevels
      ageGroups
    }
  }
`);

export const InstructorCardFragment = graphql(`
  fragment InstructorCard_instructor on InstructorProfile {
    id
    displayName
    avatarUrl
    headline
    styles
    teachesOnline
    teachesInPerson
    city
    state
    rating
    reviewCount
    priceFromCents
    nextSlotAt
    featured
    distanceMiles
  }
`);

export const ConnectInstructorsQueryDocument = graphql(`
  query ConnectInstructors(
    $first: Int
    $after: String
    $search: String
    $style: String
    $level: String
    $ageGroup: String
    $mode: InstructorMode
    $city: String
    $minPriceCents: Int
    $maxPriceCents: Int
    $availableThisWeek: Boolean
    $near: String
    $radiusMiles: Int
  ) {
    instructors(
      first: $first
      after: $after
      search: $search
      style: $style
      level: $level
      ageGroup: $ageGroup
      mode: $mode
      city: $city
      minPriceCents: $minPriceCents
      maxPriceCents: $maxPriceCents
      availableThisWeek: $availableThisWeek
      near: $near
      radiusMiles: $radiusMiles
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...InstructorCard_instructor
      }
    }
  }
`);

export const SessionTypeFieldsFragment = graphql(`
  fragment SessionTypeFields on SessionType {
    id
    kind
    title
    description
    durationMinutes
    priceCents
    capacity
    requiresApproval
    locationMode
    city
    state
    cancelFreeHours
    lateCancelFeePercent
    creditEligible
  }
`);

/** My membership's lesson credits left this period (null: not a member). */
export const MyLessonCreditsQueryDocument = graphql(`
  query MyLessonCredits {
    mySubscription {
      id
      benefitsActive
      lessonCreditsLeft
    }
  }
`);

export const InstructorProfileQueryDocument = graphql(`
  query InstructorProfile($id: ID!) {
    instructor(id: $id) {
      id
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
      introVideoUrl
      timeZone
      rating
      reviewCount
      priceFromCents
      nextSlotAt
      sessionTypes {
        ...SessionTypeFields
      }
      reviews(first: 20) {
        nodes {
          id
          rating
          comment
          authorName
          createdAt
        }
      }
      courses {
        id
        title
      }
    }
  }
`);

export const InstructorSlotsQueryDocument = graphql(`
  query InstructorSlots($instructorId: ID!, $sessionTypeId: ID!, $from: DateTimeISO!, $to: DateTimeISO!) {
    instructorSlots(instructorId: $instructorId, sessionTypeId: $sessionTypeId, from: $from, to: $to) {
      start
      end
      seatsLeft
    }
  }
`);

/** The fields every view of a booking selects (the client's, the instructor's and the admin's). */
graphql(`
  fragment BookingCoreFields on Booking {
    id
    kind
    title
    status
    start
    end
    timeZone
    clientTimeZone
    paidWithCredit
    priceCents
    refundedCents
    feeCents
    canceledBy
    cancelReason
    createdAt
    orderId
    orderNumber
    instructorId
  }
`);

export const BookingDetailsFragment = graphql(`
  fragment BookingDetails on Booking {
    ...BookingCoreFields
    holdExpiresAt
    note
    canceledAt
    canCancel
    canReschedule
    canReview
    cancellationTerms
    calendarLinks {
      google
      outlook
      ics
    }
    sessionTypeId
  }
`);

/** The instructor of a booking (Booking has only instructorId; one cached read per instructor). */
export const BookingInstructorQueryDocument = graphql(`
  query BookingInstructor($id: ID!) {
    instructor(id: $id) {
      id
      displayName
      avatarUrl
      timeZone
    }
  }
`);

export const BookingQueryDocument = graphql(`
  query Booking($id: ID!) {
    booking(id: $id) {
      ...BookingDetails
    }
  }
`);

export const MyBookingsQueryDocument = graphql(`
  query MyBookings($first: Int, $after: String, $when: BookingWhen) {
    myBookings(first: $first, after: $after, when: $when) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...BookingDetails
      }
    }
  }
`);

export const MyCalendarFeedQueryDocument = graphql(`
  query MyCalendarFeed {
    myCalendarFeed {
      url
      createdAt
    }
  }
`);

const BookingCreateMutationDocument = graphql(`
  mutation BookingCreate($input: BookingCreateInput!) {
    bookingCreate(input: $input) {
      booking {
        ...BookingDetails
      }
      payment {
        orderId
        provider
        clientSecret
        publishableKey
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const BookingCancelMutationDocument = graphql(`
  mutation BookingCancel($input: BookingReasonInput!) {
    bookingCancel(input: $input) {
      booking {
        ...BookingDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const BookingRescheduleMutationDocument = graphql(`
  mutation BookingReschedule($input: BookingRescheduleInput!) {
    bookingReschedule(input: $input) {
      booking {
        ...BookingDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const BookingReviewCreateMutationDocument = graphql(`
  mutation BookingReviewCreate($input: BookingReviewCreateInput!) {
    bookingReviewCreate(input: $input) {
      booking {
        ...BookingDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const CalendarFeedResetMutationDocument = graphql(`
  mutation CalendarFeedReset {
    calendarFeedReset {
      calendarFeed {
        url
        createdAt
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const useBookingCreate = () => useCourseMutation(BookingCreateMutationDocument, 'Not booked');
export const useBookingCancel = () =>
  useCourseMutation(BookingCancelMutationDocument, 'Booking not cancelled', ['MyBookings']);
export const useBookingReschedule = () =>
  useCourseMutation(BookingRescheduleMutationDocument, 'Booking not moved', ['MyBookings']);
export const useBookingReviewCreate = () =>
  useCourseMutation(BookingReviewCreateMutationDocument, 'Review not saved', ['MyBookings']);
