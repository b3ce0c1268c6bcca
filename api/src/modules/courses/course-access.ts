import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { hasMemberCourseAccess } from '../memberships';
import { type HasRoles, hasAnyRole, hasRole, STAFF_ROLES } from '../users';
import type { Course } from './course.entity';

/** Admins and curriculum officers: may read and change every course. */
export function isCourseStaff(user: HasRoles | null | undefined): boolean {
  return hasAnyRole(user, STAFF_ROLES);
}

/** Instructors author courses; staff too. */
export function isCourseAuthor(user: HasRoles | null | undefined): boolean {
  return isCourseStaff(user) || hasRole(user, 'instructor');
}

/** The course's own instructor (still holding the instructor role) or staff. */
export function canEditCourse(user: (HasRoles & { id: string }) | null | undefined, course: Course): boolean {
  if (!user) return false;
  if (isCourseStaff(user)) return true;
  return hasRole(user, 'instructor') && course.instructor.id === user.id;
}

/** Who may see a course at all: everyone when published, else its instructor and staff. */
export function canViewCourse(user: (HasRoles & { id: string }) | null | undefined, course: Course): boolean {
  if (course.published) return true;
  if (!user) return false;
  return isCourseStaff(user) || course.instructor.id === user.id;
}

/** The answer to a non-member who tries to get into a member-only course. */
export const MEMBERSHIP_REQUIRED_MESSAGE = 'This course is included with a membership';

/**
 * Who may enter member-only courses: staff (admins and curriculum officers, to author and review
 * them) and members whose membership opens member-only courses now (the `membership_benefits` rule
 * of memberships/membership-access.ts, from stored state and the clock).
 */
export async function hasMembership(
  em: EntityManager,
  user: (HasRoles & { id: string }) | null | undefined,
): Promise<boolean> {
  if (!user) return false;
  return isCourseStaff(user) || hasMemberCourseAccess(em, user.id);
}

/**
 * The one rule for getting into a course, whichever way: enrolment (`courseEnroll`), adding it to
 * the cart, checking out and fulfilling a paid order all ask it. A member-only course is for
 * members only; any other course is open to everyone (paid ones through the cart). Returns the
 * refusal (MEMBERSHIP_REQUIRED, on `answer.field`, default courseId), or null when the user may have the course.
 */
export async function courseAccessRefusal(
  em: EntityManager,
  user: (HasRoles & { id: string }) | null | undefined,
  course: { memberOnly: boolean },
  answer: { field?: string | null; message?: string } = {},
): Promise<DomainError | null> {
  if (!course.memberOnly || (await hasMembership(em, user))) return null;
  const field = answer.field === undefined ? 'courseId' : (answer.field ?? undefined);
  return new DomainError('MEMBERSHIP_REQUIRED', answer.message ?? MEMBERSHIP_REQUIRED_MESSAGE, field);
}

export function assertCanEditCourse(user: HasRoles & { id: string }, course: Course): void {
  if (!canEditCourse(user, course)) {
    throw new DomainError('FORBIDDEN', 'You can only change your own courses', 'courseId');
  }
}
