/**
 * What an API token may do. A token acts as its owner (their roles and the graph's permission rules
 * still apply) and only within its scopes: every root field of the graph needs one of the scopes
 * listed for it here (deny by default: a field missing here is refused to every token, and a test
 * checks that none is missing), and a few viewer-specific fields inside public types need one too.
 * `X:write` includes `X:read`.
 */
export const API_TOKEN_SCOPES = [
  'catalog:read',
  'account:read',
  'account:write',
  'orders:read',
  'cart:write',
  'learning:read',
  'learning:write',
  'reviews:write',
  'courses:write',
  'resources:write',
  'bookings:read',
  'bookings:write',
  'messages:read',
  'messages:write',
  'memberships:write',
  'admin',
] as const;

export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope allows, as the developer settings and docs/api.md show it. */
export const API_TOKEN_SCOPE_TEXT: Record<ApiTokenScope, string> = {
  'catalog:read':
    'Read the public catalogue: courses, resources, stores, instructors, plans, categories, reviews and shop products.',
  'account:read': 'Read my account, my settings and my API tokens.',
  'account:write': 'Change my profile and email settings.',
  'orders:read': 'Read my orders, licences and purchased resources, and download them.',
  'cart:write': 'Read and change my cart and shop bag, check out and pay, and give licences.',
  'learning:read': 'Read my enrollments, progress, lessons, quizzes and certificates.',
  'learning:write': 'Enroll in courses, mark lessons done and submit quizzes.',
  'reviews:write': 'Write and delete my reviews of resources and bookings.',
  'courses:write': 'Author courses I teach: content, publishing, students, quiz attempts and certificates.',
  'resources:write': 'Sell in the curriculum store: my resources, files, store profile, sales and payouts.',
  'bookings:read': 'Read my bookings (as client or instructor), my earnings from them and my calendar feed.',
  'bookings:write':
    'Book, reschedule and cancel; as an instructor, manage my profile, availability and session types.',
  'messages:read': 'Read my conversations and unread count.',
  'messages:write': 'Start conversations, send, mark read, report and block.',
  'memberships:write': 'Join, change, cancel and resume my membership.',
  admin: 'Staff work (admins and curriculum officers only): the admin panel’s reads and changes.',
};

export function isApiTokenScope(value: string): value is ApiTokenScope {
  return (API_TOKEN_SCOPES as readonly string[]).includes(value);
}

/** Whether scopes `held` include `needed` (a `:write` scope includes its `:read`). */
export function scopeGranted(held: readonly string[], needed: ApiTokenScope): boolean {
  if (held.includes(needed)) return true;
  return needed.endsWith(':read') && held.includes(needed.replace(/:read$/, ':write'));
}

/**
 * Root fields no token may call: signing in and out, managing tokens, and credentials (passwords,
 * email and its verification): a person's session only.
 */
export const SESSION_ONLY = 'session only';
type Need = ApiTokenScope | typeof SESSION_ONLY;

const fields = (need: Need, names: string[]) => names.map((name) => [name, need] as const);

/** The scope each Query field needs. */
export const QUERY_SCOPES: Readonly<Record<string, Need>> = Object.fromEntries([
  ...fields('catalog:read', [
    'apiTokenScopes',
    'certificateVerify',
    'course',
    'courseCategories',
    'courses',
    'danceStyles',
    'instructor',
    'instructorSlots',
    'instructors',
    'paymentConfig',
    'referenceLists',
    'resource',
    'resourceCategories',
    'resourceCategory',
    'resourceReviews',
    'resources',
    'seller',
    'sellers',
    'shopBagPreview',
    'shopFacets',
    'shopProduct',
    'shopProducts',
    'shopStatus',
    'signInProviders',
    'subscriptionPlans',
    'uploadLimits',
    'user',
  ]),
  ...fields('account:read', ['apiTokens', 'me', 'mySubscription', 'notificationPreferences']),
  ...fields('orders:read', ['myLicences', 'myOrders', 'myResources', 'order', 'storeOrders']),
  ...fields('cart:write', ['cart', 'checkoutQuote', 'shopBag']),
  ...fields('learning:read', [
    'certificate',
    'courseModule',
    'lesson',
    'myCertificates',
    'myEnrollments',
    'quiz',
  ]),
  ...fields('courses:write', [
    'certificateIssueCandidates',
    'certificateIssueCourses',
    'certificateTemplates',
    'courseInstructorCandidates',
    'instructorCertificates',
    'instructorCourse',
    'instructorLearningCourses',
    'instructorQuizAttempts',
    'instructorStudents',
    'lessonVideo',
    'myTaughtCourses',
  ]),
  ...fields('resources:write', [
    'myPayouts',
    'myStore',
    'resourceForEdit',
    'sellerDashboard',
    'sellerEarnings',
    'sellerPayoutBalance',
    'sellerResourceCounts',
    'sellerResources',
    'sellerTransfers',
    'stripeConnectStatus',
  ]),
  ...fields('bookings:read', [
    'booking',
    'instructorBookings',
    'instructorEarnings',
    'instructorEarningsSummary',
    'instructorPayoutBalance',
    'instructorTransfers',
    'myBookings',
    'myCalendarFeed',
    'myInstructorProfile',
  ]),
  ...fields('messages:read', ['conversation', 'conversations', 'messagingAllowed', 'unreadMessageCount']),
  ...fields('admin', [
    'adminApiTokens',
    'adminSecurityEvents',
    'adminBookings',
    'adminCertificates',
    'adminCoupons',
    'adminCourses',
    'adminInstructors',
    'adminMailOutbox',
    'adminMailOutboxMessage',
    'adminOrders',
    'adminRefundsDue',
    'adminOverview',
    'adminPayoutBalances',
    'adminPayoutTotals',
    'adminResources',
    'adminSellerTransfers',
    'adminSellers',
    'adminStoreProducts',
    'adminSubscriptionPlans',
    'adminSubscriptions',
    'adminWebhookEndpoint',
    'adminWebhookEndpointSecret',
    'adminWebhookEndpoints',
    'adminWebhookEventTypes',
    'adminWebhookMessage',
    'coupon',
    'curriculumReviewQueue',
    'inboxCounts',
    'inboxItem',
    'inboxItems',
    'membershipSettings',
    'membershipStats',
    'platformSettings',
    'storeCollections',
    'storeConnection',
    'storePublishedItems',
    'systemStatus',
    'users',
  ]),
  // Which browsers hold my sessions: a person's session only, like ending them.
  ...fields(SESSION_ONLY, ['myIdentities', 'mySessions', 'myTwoStep']),
  // All my data at once: a person's session only, like deleting the account.
  ...fields(SESSION_ONLY, ['myDataExport']),
  // My passkeys are credentials: a person's session only.
  ...fields(SESSION_ONLY, ['myPasskeys']),
]);

/** The scope each Mutation field needs. */
export const MUTATION_SCOPES: Readonly<Record<string, Need>> = Object.fromEntries([
  ...fields(SESSION_ONLY, [
    'accountDelete',
    'apiTokenCreate',
    'apiTokenRevoke',
    'emailChange',
    'emailVerificationSend',
    'emailVerify',
    'identityUnlink',
    'login',
    'loginSecondStep',
    'logout',
    'passkeyAdd',
    'passkeyConfirmationOptions',
    'passkeyRegistrationOptions',
    'passkeyRemove',
    'passkeyRename',
    'passkeySignIn',
    'passkeySignInOptions',
    'passwordChange',
    'passwordReset',
    'passwordResetRequest',
    'register',
    'sessionEnd',
    'sessionsEndOthers',
    'twoStepDisable',
    'twoStepRecoveryCodesRegenerate',
    'twoStepSetupConfirm',
    'twoStepSetupStart',
  ]),
  ...fields('account:write', [
    'notificationPreferencesUpdate',
    'notificationUnsubscribe',
    'profileUpdate',
    'storeClaimInvite',
  ]),
  ...fields('cart:write', [
    'cartClear',
    'cartItemAdd',
    'cartItemRemove',
    'cartItemUpdate',
    'cartRefresh',
    'checkoutCancel',
    'checkoutConfirm',
    'checkoutStart',
    'licenceAssign',
    'licenceRevoke',
    'shopBagAdd',
    'shopBagMerge',
    'shopBagRemove',
    'shopBagUpdate',
    'shopCheckout',
  ]),
  ...fields('learning:write', [
    'courseEnroll',
    'lessonComplete',
    'lessonIncomplete',
    'quizSubmit',
    'savePracticeState',
  ]),
  ...fields('reviews:write', ['bookingReviewCreate', 'reviewDelete', 'reviewUpsert']),
  ...fields('courses:write', [
    'certificateIssue',
    'certificateReinstate',
    'certificateReissue',
    'certificateRevoke',
    'certificateTemplateCreate',
    'certificateTemplateDelete',
    'certificateTemplateSetDefault',
    'certificateTemplateUpdate',
    'courseAssignInstructor',
    'courseCreate',
    'courseDelete',
    'coursePublish',
    'courseUpdate',
    'enrollmentGrant',
    'lessonCreate',
    'lessonDelete',
    'lessonUpdate',
    'lessonsReorder',
    'moduleCreate',
    'moduleDelete',
    'moduleUpdate',
    'modulesReorder',
    'quizCreate',
    'quizDelete',
    'quizQuestionCreate',
    'quizQuestionDelete',
    'quizQuestionUpdate',
    'quizQuestionsReorder',
    'quizUpdate',
    'setCourseRequireWatching',
    'setLessonStepMarkers',
    'removeLessonVideo',
    'retryLessonVideo',
    'setLessonVideoFreePreview',
    'chooseLessonVideoPoster',
    'removeLessonVideoCaption',
  ]),
  ...fields('resources:write', [
    'resourceCreate',
    'resourceFileRemove',
    'resourcePublish',
    'resourceUnpublish',
    'resourceUpdate',
    'storeProfileUpdate',
    'stripeConnectStart',
  ]),
  ...fields('bookings:write', [
    'availabilityOverrideAdd',
    'availabilityOverrideRemove',
    'availabilityRulesSet',
    'bookingApprove',
    'bookingCancel',
    'bookingComplete',
    'bookingCreate',
    'bookingDecline',
    'bookingNoShow',
    'bookingReschedule',
    'calendarFeedReset',
    'instructorProfileUpdate',
    'instructorSettingsUpdate',
    'sessionTypeArchive',
    'sessionTypeCreate',
    'sessionTypeUpdate',
  ]),
  ...fields('messages:write', [
    'contactSend',
    'conversationMarkRead',
    'conversationStart',
    'messageReport',
    'messageSend',
    'userBlock',
    'userUnblock',
  ]),
  ...fields('memberships:write', [
    'subscriptionCancel',
    'subscriptionChange',
    'subscriptionCheckout',
    'subscriptionCheckoutConfirm',
    'subscriptionPaymentMethodUpdate',
    'subscriptionResume',
  ]),
  ...fields('admin', [
    'adminApiTokenRevoke',
    'adminBookingCancel',
    'adminInstructorFeatureSet',
    'adminInstructorStatusSet',
    'couponCreate',
    'couponDelete',
    'couponUpdate',
    'courseCategoryCreate',
    'courseCategoryDelete',
    'courseCategoryUpdate',
    'danceStyleCreate',
    'danceStyleDelete',
    'danceStyleUpdate',
    'inboxItemUpdate',
    'inboxNoteAdd',
    'inboxReply',
    'membershipSettingsUpdate',
    'orderRefund',
    'adminRefundRetry',
    'orderTestDashboard',
    'platformSettingsUpdate',
    'resourceApprove',
    'resourceCategoryCreate',
    'resourceCategoryDelete',
    'resourceCategoryUpdate',
    'resourceFeatureToggle',
    'resourceReject',
    'sellerReinstate',
    'sellerSuspend',
    'sellerTransfersRun',
    'storeConnect',
    'storeConnectDemo',
    'storeDisconnect',
    'storeProductUpdate',
    'storePublishItem',
    'storeSetCollections',
    'storeSyncNow',
    'storeTestConnection',
    'storeUnpublishItem',
    'subscriptionComp',
    'subscriptionPlanCreate',
    'subscriptionPlanUpdate',
    'subscriptionTestClockAdvance',
    'userRolesUpdate',
    'webhookEndpointCreate',
    'webhookEndpointDelete',
    'webhookEndpointSecretRotate',
    'webhookEndpointUpdate',
    'webhookMessageRedeliver',
  ]),
]);

/** The scope each Subscription field needs. */
export const SUBSCRIPTION_SCOPES: Readonly<Record<string, Need>> = { conversationEvents: 'messages:read' };

/**
 * Fields below the root that tell about the caller rather than the thing read: a token reading the
 * catalogue sees them only with the scope of what they tell (else the request is refused).
 */
export const FIELD_SCOPES: Readonly<Record<string, Need>> = {
  'Course.viewerEnrollment': 'learning:read',
  'Course.viewerProgress': 'learning:read',
  'Resource.viewerCanDownload': 'orders:read',
  'Resource.viewerCanReview': 'orders:read',
  'User.email': 'account:read',
  'User.role': 'account:read',
  'User.roles': 'account:read',
};

/** The scope a field needs, or undefined when it needs none beyond its parent's (root fields: see ROOT_SCOPES). */
export function scopeOf(typeName: string, fieldName: string, rootTypes: RootTypeNames): Need | undefined {
  if (typeName === rootTypes.query) return QUERY_SCOPES[fieldName] ?? SESSION_ONLY;
  if (typeName === rootTypes.mutation) return MUTATION_SCOPES[fieldName] ?? SESSION_ONLY;
  if (typeName === rootTypes.subscription) return SUBSCRIPTION_SCOPES[fieldName] ?? SESSION_ONLY;
  return FIELD_SCOPES[`${typeName}.${fieldName}`];
}

export interface RootTypeNames {
  query?: string;
  mutation?: string;
  subscription?: string;
}
