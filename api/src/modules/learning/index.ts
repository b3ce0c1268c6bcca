// The learning module's front door: what other modules may use of it.
export { Enrollment } from './enrollment.entity';
export { type EnrollmentGrant, grantEnrollment } from './enrollment-grants';
export { emitEnrollmentEvent } from './enrollment-webhook-events';
export { LessonContent } from './learning.types';
export { exportLearningData } from './personal-data';
export { enrolledSql, isEnrolled } from './enrollment-sql';
export { closeEnrollmentAccess, moveEnrollmentToMembership } from './enrollment-closing';
export {
  lockEnrollments,
  openEnrollmentSql,
  restorePurchasedAccess,
  revokePurchasedAccessSql,
} from './purchased-access';
export {
  courseEnrollmentCount,
  enrollmentDates,
  enrollmentsSql,
  hasOpenEnrollment,
  openEnrollmentsSql,
} from './enrollment-facts';
