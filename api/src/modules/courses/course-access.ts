import { DomainError } from '../../graphql/errors';
import { type HasRoles, hasAnyRole, hasRole, STAFF_ROLES } from '../users/roles';
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

export function assertCanEditCourse(user: HasRoles & { id: string }, course: Course): void {
  if (!canEditCourse(user, course)) {
    throw new DomainError('FORBIDDEN', 'You can only change your own courses', 'courseId');
  }
}
