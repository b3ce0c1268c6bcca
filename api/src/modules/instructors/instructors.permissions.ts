import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isAdmin } from '../../graphql/rules';
import { hasAnyRole } from '../users';

/** Users with the instructor role. */
export const isInstructor = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    return hasAnyRole(ctx.viewer, ['instructor']) ? true : forbidden();
  }),
  'instructors (FORBIDDEN for other roles)',
);

/** Instructors (their own profile; the service checks ownership) and admins (anybody's). */
export const isInstructorOrAdmin = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    return hasAnyRole(ctx.viewer, ['instructor', 'admin']) ? true : forbidden();
  }),
  'instructors (their own profile) and admins (FORBIDDEN for other roles)',
);

/**
 * The finder, profiles and slots are public; instructors edit their own profile, hours and
 * session types (ownership checked by InstructorsService: FORBIDDEN userError otherwise); admins
 * approve, suspend and feature. Owner-only fields (statusReason, availability) answer null/empty
 * to others in the resolver.
 */
export const instructorsPermissions = {
  Query: {
    instructors: allow,
    instructor: allow,
    instructorSlots: allow,
    myInstructorProfile: isInstructor,
    adminInstructors: isAdmin,
  },
  Mutation: {
    instructorProfileUpdate: isInstructorOrAdmin,
    instructorSettingsUpdate: isInstructorOrAdmin,
    sessionTypeCreate: isInstructorOrAdmin,
    sessionTypeUpdate: isInstructorOrAdmin,
    sessionTypeArchive: isInstructorOrAdmin,
    availabilityRulesSet: isInstructorOrAdmin,
    availabilityOverrideAdd: isInstructorOrAdmin,
    availabilityOverrideRemove: isInstructorOrAdmin,
    adminInstructorStatusSet: isAdmin,
    adminInstructorFeatureSet: isAdmin,
  },
  InstructorProfile: { '*': allow },
  SessionType: { '*': allow },
  AvailabilityRule: { '*': allow },
  AvailabilityOverride: { '*': allow },
  InstructorReview: { '*': allow },
  BookableSlot: allow,
  InstructorProfileConnection: allow,
  InstructorProfileEdge: allow,
  InstructorReviewConnection: allow,
  InstructorReviewEdge: allow,
  InstructorProfilePayload: allow,
  SessionTypePayload: allow,
  AvailabilityOverridePayload: allow,
};
