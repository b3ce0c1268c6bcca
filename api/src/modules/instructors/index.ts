// The instructors module's front door: what other modules may use of it.
export { InstructorProfile } from './instructor-profile.entity';
export { InstructorReview } from './instructor-review.entity';
export { SessionType } from './session-type.entity';
export { isBookableStart } from './slot-service';
export { eraseInstructorsData, exportInstructorsData } from './personal-data';
export {
  type InstructorPageRow,
  isApprovedInstructor,
  publicInstructorPage,
  publicInstructorPagesSql,
} from './instructor-pages';
export { acceptsInquiries } from './instructor-inquiries';
export { bookableSlots } from './slot-service';
export {
  addInstructorReview,
  bookingHasReview,
  lockInstructorProfile,
  sessionTypeLocationModes,
  sessionTypeRow,
  type SessionTypeRow,
} from './booking-instructor-facts';
export { type BookingSql, registerBookingSql } from './booking-sql';
