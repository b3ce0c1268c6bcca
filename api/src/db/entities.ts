import { CartItem } from '../modules/cart/cart-item.entity';
import { Certificate } from '../modules/certificates/certificate.entity';
import { CertificateTemplate } from '../modules/certificates/certificate-template.entity';
import { LoginAttempt } from '../modules/auth/login-attempt.entity';
import { Course } from '../modules/courses/course.entity';
import { Coupon } from '../modules/coupons/coupon.entity';
import { Subscription } from '../modules/memberships/subscription.entity';
import { SubscriptionInvoice } from '../modules/memberships/subscription-invoice.entity';
import { SubscriptionPlan } from '../modules/memberships/subscription-plan.entity';
import { CouponRedemption } from '../modules/coupons/coupon-redemption.entity';
import { Order } from '../modules/orders/order.entity';
import { AvailabilityOverride, AvailabilityRule } from '../modules/instructors/availability.entity';
import { InstructorProfile } from '../modules/instructors/instructor-profile.entity';
import { InstructorReview } from '../modules/instructors/instructor-review.entity';
import { SessionType } from '../modules/instructors/session-type.entity';
import { Booking, ClassOccurrence } from '../modules/bookings/booking.entity';
import { OrderLine } from '../modules/orders/order-line.entity';
import { ProcessedWebhookEvent } from '../modules/payments/processed-webhook-event.entity';
import { CourseCategory } from '../modules/courses/course-category.entity';
import { CourseModule } from '../modules/courses/course-module.entity';
import { DanceStyle } from '../modules/courses/dance-style.entity';
import { Lesson } from '../modules/courses/lesson.entity';
import { Quiz } from '../modules/courses/quiz.entity';
import { QuizQuestion } from '../modules/courses/quiz-question.entity';
import { Enrollment } from '../modules/learning/enrollment.entity';
import { LessonProgress } from '../modules/learning/lesson-progress.entity';
import { QuizAttempt } from '../modules/learning/quiz-attempt.entity';
import { DownloadEvent } from '../modules/resources/download-event.entity';
import { Entitlement } from '../modules/resources/entitlement.entity';
import { ResourceCategory } from '../modules/resources/resource-category.entity';
import { ResourceFile } from '../modules/resources/resource-file.entity';
import { Resource } from '../modules/resources/resource.entity';
import { Review } from '../modules/resources/review.entity';
import { SellerProfile } from '../modules/resources/seller-profile.entity';
import { Upload } from '../modules/uploads/upload.entity';
import { PlatformSetting } from '../modules/sellers/platform-setting.entity';
import { SellerEarning } from '../modules/sellers/seller-earning.entity';
import { User } from '../modules/users/user.entity';

/** Every MikroORM entity; each module adds its own here. */
export const entities = [
  SubscriptionPlan,
  Subscription,
  SubscriptionInvoice,
  User,
  LoginAttempt,
  DanceStyle,
  CourseCategory,
  Course,
  CourseModule,
  Lesson,
  Quiz,
  QuizQuestion,
  Enrollment,
  LessonProgress,
  QuizAttempt,
  CertificateTemplate,
  Certificate,
  ResourceCategory,
  SellerProfile,
  Resource,
  ResourceFile,
  Review,
  Entitlement,
  DownloadEvent,
  Upload,
  SellerEarning,
  PlatformSetting,
  CartItem,
  Coupon,
  CouponRedemption,
  Order,
  OrderLine,
  ProcessedWebhookEvent,
  InstructorProfile,
  SessionType,
  AvailabilityRule,
  AvailabilityOverride,
  InstructorReview,
  Booking,
  ClassOccurrence,
];
