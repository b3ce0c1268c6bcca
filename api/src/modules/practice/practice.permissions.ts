import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isAuthenticated } from '../../graphql/rules';
import { hasAnyRole, type Role, STAFF_ROLES } from '../users';

const TEACHING_ROLES: readonly Role[] = ['instructor', ...STAFF_ROLES];

/** Instructors and staff; the service admits only the course's own instructor (or staff). */
const isTeacher = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return hasAnyRole(ctx.user, TEACHING_ROLES) ? true : forbidden();
  }),
  'instructors and staff (admins, curriculum officers); an instructor acts only on their own courses',
);

/**
 * The practice player: a learner saves their own practice (the service admits only enrolled
 * learners); markers and the course's watching rule are set by its instructor or staff. The lesson
 * fields sit on LessonContent, which only the course's learners, instructor and staff can read.
 */
export const practicePermissions = {
  Query: { courseVideoStats: isTeacher },
  Mutation: {
    savePracticeState: isAuthenticated,
    setLessonStepMarkers: isTeacher,
    setCourseRequireWatching: isTeacher,
  },
  LessonContent: { stepMarkers: allow, myPractice: allow },
  Course: { requireWatching: allow },
  StepMarker: allow,
  LessonVideoStats: allow,
  VideoStatsBucket: allow,
  PracticeState: allow,
  PracticeStatePayload: allow,
  StepMarkersPayload: allow,
  CourseRequireWatchingPayload: allow,
};
