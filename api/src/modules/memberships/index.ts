// The memberships module's front door: what other modules may use of it.
export { applyInvoiceRefundEvent, membershipInvoice } from './invoice-refunds';
export { enrollmentOpenSql, hasMemberCourseAccess, memberBenefits } from './membership-access';
export { applySubscriptionEvent, isSubscriptionEvent } from './subscription-webhooks';
export { exportMembershipsData, hasRenewingMembership } from './personal-data';
export { configureMembershipMail } from './membership-mail';
export { memberCoursesSql, memberResourceDiscountSql } from './member-benefit-sql';
export { lessonCreditsUsed, spendLessonCredit, unspendLessonCredit } from './lesson-credit-counter';
