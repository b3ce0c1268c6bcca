import { registerEnumType } from 'type-graphql';

/** An instructor profile's review state (instructor_profiles.status). */
export enum InstructorStatus {
  PENDING = 'pending',
  APPROVED = 'approved',
  SUSPENDED = 'suspended',
}

registerEnumType(InstructorStatus, {
  name: 'InstructorStatus',
  description: 'Where an instructor profile stands: only APPROVED profiles are listed and bookable.',
  valuesConfig: {
    PENDING: { description: 'Created, waiting for an admin’s approval; not listed, not bookable.' },
    APPROVED: {
      description: 'Approved by an admin: listed on /connect (with an active session type) and bookable.',
    },
    SUSPENDED: { description: 'Suspended by an admin (see statusReason): not listed, not bookable.' },
  },
});

/** The kind of a session type (session_types.kind). */
export enum SessionKind {
  PRIVATE = 'private',
  GROUP = 'group',
  CONSULTATION = 'consultation',
}

registerEnumType(SessionKind, {
  name: 'SessionKind',
  description: 'What a session type is: a private lesson, a group class with seats, or a free consultation.',
  valuesConfig: {
    PRIVATE: { description: 'A 1:1 lesson (capacity 1) at a time the client picks from the open slots.' },
    GROUP: {
      description: 'A group class with seats (capacity ≥ 2) held at the times of its recurrence rule.',
    },
    CONSULTATION: { description: 'A free (price 0) 1:1 introductory call at a time the client picks.' },
  },
});

/** Where a session takes place (session_types.location_mode). */
export enum LocationMode {
  ONLINE = 'online',
  IN_PERSON = 'in_person',
}

registerEnumType(LocationMode, {
  name: 'LocationMode',
  description: 'Where a session takes place.',
  valuesConfig: {
    ONLINE: { description: 'Online (video call).' },
    IN_PERSON: { description: 'In person, at the instructor’s location (city/state).' },
  },
});

/** The `mode` filter of the instructor finder. */
export enum InstructorMode {
  ONLINE = 'online',
  IN_PERSON = 'in_person',
}

registerEnumType(InstructorMode, {
  name: 'InstructorMode',
  description: 'How an instructor teaches, as a filter of the instructor finder.',
  valuesConfig: {
    ONLINE: { description: 'Instructors who teach online (teachesOnline).' },
    IN_PERSON: { description: 'Instructors who teach in person (teachesInPerson).' },
  },
});

/** A date override's kind (availability_overrides.kind). */
export enum OverrideKind {
  EXTRA = 'extra',
  OFF = 'off',
}

registerEnumType(OverrideKind, {
  name: 'AvailabilityOverrideKind',
  description: 'What a date override does to the weekly hours of its date.',
  valuesConfig: {
    EXTRA: { description: 'Adds working hours (startTime–endTime) on that date.' },
    OFF: {
      description: 'Time off: the whole day when startTime and endTime are null, else that range of the day.',
    },
  },
});
