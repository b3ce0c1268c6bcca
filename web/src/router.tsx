import { type ComponentType, type ReactElement, type ReactNode, Suspense } from 'react';
import { matchRoutes, Navigate, useParams, type RouteObject } from 'react-router-dom';
import { RouteErrorPage, type InfoPageKey } from './features/misc';
// PublicLayout before AdminLayout: the modules both use (the header's bell) keep their place in the
// main chunk, which compresses ≈ 0.25 KiB better so (scripts/check-bundle.mjs's ceiling).
import { PublicLayout } from './layouts/PublicLayout';
import { AdminLayout } from './layouts/AdminLayout';
import type { RouteGuard } from './layouts/guardRule';
import { AdminRoute, ProtectedRoute } from './layouts/guards';
import { PageReady } from './ssr/PageReady';
import { PageSpinner } from './ui/PageSpinner';

// Every page is its own chunk: each feature's pages.ts loads its pages with import() (route.lazy,
// page() below); the features' other code is reached through their front doors (index.ts).
import { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from './features/account/pages';
import {
  AdminDashboardPage,
  AdminUsersPage,
  AdminUserPage,
  AdminRolesPage,
  AdminDocumentationPage,
  AdminDeploymentPage,
} from './features/admin/pages';
import { AdminInstructorsPage, AdminBookingsPage } from './features/admin-connect/pages';
import { AdminCouponsPage } from './features/admin-coupons/pages';
import {
  AdminCoursesPage,
  AdminCourseCategoriesPage,
  AdminDanceStylesPage,
  AdminCourseCreatorPage,
} from './features/admin-courses/pages';
import { AdminSubscriptionPlansPage } from './features/admin-membership/pages';
import { AdminMessagesPage } from './features/admin-messages/pages';
import { AdminOrdersPage, AdminOrderPage } from './features/admin-orders/pages';
import { AdminOutboxPage } from './features/admin-outbox/pages';
import { AdminRefundsPage } from './features/admin-refunds/pages';
import { AdminSecurityPage } from './features/admin-security/pages';
import { AdminSellersPage, AdminSettingsPage } from './features/admin-sellers/pages';
import { AdminStorePage, AdminStoreProductsPage, AdminStoreOrdersPage } from './features/admin-store/pages';
import { AdminWebhooksPage, AdminWebhookEndpointPage } from './features/admin-webhooks/pages';
import { AdminApiTokensPage } from './features/api-tokens/pages';
import { AssignmentPage, ReviewQueuePage, SubmissionReviewPage } from './features/assignments/pages';
import { AuthPage, RegisterPage } from './features/auth/pages';
import { CartPage } from './features/cart/pages';
import {
  CertificateVerifyPage,
  MyCertificatesPage,
  CertificatePage,
  CertificateTemplatesPage,
  InstructorCertificatesPage,
  InstructorCertificateIssuePage,
  AdminCertificatesPage,
} from './features/certificates/pages';
import {
  CheckoutPage,
  SimpleCheckoutPage,
  StripeCheckoutPage,
  PaymentSuccessPage,
} from './features/checkout/pages';
import { ConnectPage, InstructorPage, BookingPage, MyBookingsPage } from './features/connect/pages';
import { ContactPage } from './features/contact/pages';
import { CoursesPage, CourseDetailsPage } from './features/courses/pages';
import { UserDashboardPage, MultiDashboardPage, DashboardRedirect } from './features/dashboard/pages';
import { HomePage, AboutPage } from './features/home/pages';
import { LinkAccountPage } from './features/identities/pages';
import {
  InstructorDashboardPage,
  InstructorCoursesPage,
  InstructorCourseCreatePage,
  InstructorCourseEditPage,
  InstructorStudentsPage,
  InstructorQuizzesPage,
} from './features/instructor/pages';
import {
  InstructorProfilePage,
  InstructorAvailabilityPage,
  InstructorConnectSettingsPage,
  InstructorBookingsPage,
} from './features/instructor-connect/pages';
import { ModulePage, LessonPage, QuizPage, MyCoursesPage } from './features/learning/pages';
import { SubscriptionPage, SubscriptionSuccessPage } from './features/membership/pages';
import { MessagesPage } from './features/messages/pages';
import { InfoPage, NotFoundPage } from './features/misc/pages';
import { UnsubscribePage, NotificationsPage } from './features/notifications/pages';
import {
  ProfilePage,
  ProfileEditPage,
  UserProfilePage,
  ProfileImageDebugPage,
} from './features/profile/pages';
import { MyPurchasesPage } from './features/purchases/pages';
import {
  CurriculumPage,
  ResourceDetailsPage,
  SellerStorePage,
  MyResourcesPage,
} from './features/resources/pages';
import {
  AdminResourcesPage,
  AdminResourceCategoriesPage,
  CurriculumOfficerPage,
} from './features/resources-admin/pages';
import {
  SellerDashboardPage,
  SellerAnalyticsPage,
  SellerPaymentsPage,
  SellerSettingsPage,
} from './features/seller/pages';
import { ResourceUploadPage, ResourceEditPage, SellerResourcesPage } from './features/seller-resources/pages';
import { ShopPage, ShopProductPage, ShopBagPage } from './features/shop/pages';
import { CourseVideoStatsPage } from './features/video-stats/pages';

/** A page module: its page is its default export. */
type PageModule<P = object> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A page in its loading boundary, followed by the mark that it is ready (ssr/PageReady.tsx): the
 * same tree on the server and in the browser, so React adopts the server's HTML as it is.
 */
function framed(content: ReactNode): ReactElement {
  return (
    <Suspense fallback={<PageSpinner />}>
      {content}
      <PageReady />
    </Suspense>
  );
}

/**
 * A route's page, loaded by the router when the route is first matched (route.lazy): every page is
 * its own chunk. The server's render loads it before rendering (entry-server.tsx), the browser
 * before adopting that render (boot.tsx); a page the browser renders first shows the spinner.
 */
function page(load: PageModule) {
  return {
    lazy: async () => {
      const { default: Page } = await load();
      return { element: framed(<Page />) };
    },
    HydrateFallback: PageSpinner,
  } satisfies RouteObject;
}

function info(path: string, key: InfoPageKey): RouteObject {
  return {
    path,
    lazy: async () => {
      const { default: Info } = await InfoPage();
      return { element: framed(<Info page={key} />) };
    },
    HydrateFallback: PageSpinner,
  };
}

/** Redirects to a path built from the current route's parameters (e.g. /course/:id → /courses/:id). */
function RedirectWithParams({ to }: { to: RedirectTarget }) {
  const params = useParams();
  return <Navigate to={to(params)} replace />;
}

type RedirectTarget = (params: Readonly<Record<string, string | undefined>>) => string;

/**
 * An old address of a page (spec section 2's redirects). The server answers it with a 301 before
 * any HTML (routeAccess's `redirectTo`: a visitor following an old link waits for no app code); an
 * app already running navigates itself.
 */
function redirect(path: string, to: string | RedirectTarget) {
  const target: RedirectTarget = typeof to === 'string' ? () => to : to;
  return {
    path,
    element: typeof to === 'string' ? <Navigate to={to} replace /> : <RedirectWithParams to={to} />,
    handle: { redirectTo: target },
  } satisfies RouteObject;
}

const encode = (value: string | undefined) => encodeURIComponent(value ?? '');

/**
 * A route's `handle` when the server renders its page for a signed-in member too (their pages,
 * with their session; api/src/http/signed-in-render.ts): the pages a member opens most, shown
 * before the app has loaded. `module` is the page's source (the build manifest's key), whose code
 * the server has the browser fetch at once beside the app's. Other signed-in pages are rendered by
 * the browser.
 */
const signedInRender = (module: string) => ({ signedInRender: true, module }) as const;

/** Public pages with the site header and footer (spec section 2, "Public layout"). */
const publicRoutes: RouteObject[] = [
  { index: true, ...page(HomePage) },
  { path: 'about', ...page(AboutPage) },
  { path: 'auth', ...page(AuthPage) },
  { path: 'auth/link', ...page(LinkAccountPage) },
  { path: 'register', ...page(RegisterPage) },
  // A forgotten password, and the links of account mails (no sign-in: the token is the proof).
  { path: 'forgot-password', ...page(ForgotPasswordPage) },
  { path: 'reset-password', ...page(ResetPasswordPage) },
  { path: 'verify-email', ...page(VerifyEmailPage) },
  { path: 'courses', ...page(CoursesPage) },
  // Public certificate verification (the PDF's QR code points here).
  { path: 'verify/:certificateNumber', ...page(CertificateVerifyPage) },
  { path: 'courses/:id', ...page(CourseDetailsPage) },
  redirect('course/:id', (params) => `/courses/${encode(params.id)}`),
  { path: 'connect', ...page(ConnectPage) },
  { path: 'connect-updated', ...page(ConnectPage) },
  { path: 'connect-old', ...page(ConnectPage) },
  { path: 'instructors/:instructorId', ...page(InstructorPage) },
  { path: 'subscription', ...page(SubscriptionPage) },
  // Public: a visitor, or a member whose session ended during payment, is asked to sign in there.
  { path: 'subscription/success', ...page(SubscriptionSuccessPage) },
  redirect('pricing', '/subscription'),
  { path: 'cart', ...page(CartPage), handle: signedInRender('src/features/cart/CartPage.tsx') },
  { path: 'checkout/stripe', ...page(StripeCheckoutPage) },
  { path: 'simple-checkout', ...page(SimpleCheckoutPage) },
  { path: 'payment-success', ...page(PaymentSuccessPage) },
  { path: 'profile/:userId', ...page(UserProfilePage) },
  redirect('resources', '/curriculum'),
  redirect('resources/:resourceId', (params) => `/curriculum/${encode(params.resourceId)}`),
  redirect('resources/:id/edit', (params) => `/curriculum/${encode(params.id)}/edit`),
  { path: 'dashboard', ...page(DashboardRedirect) },
  { path: 'my-dashboard', ...page(DashboardRedirect) },
  // The footer's informational pages.
  info('blog', 'blog'),
  { path: 'contact', ...page(ContactPage) },
  // A mail's unsubscribe link (no sign-in: the token is the proof).
  { path: 'notifications/unsubscribe', ...page(UnsubscribePage) },
  info('terms', 'terms'),
  info('privacy', 'privacy'),
  info('cookies', 'cookies'),
  // Third route kind: open to visitors (guests may browse resources, curriculum and stores).
  { path: 'curriculum', ...page(CurriculumPage) },
  { path: 'curriculum/:resourceId', ...page(ResourceDetailsPage) },
  { path: 'sellers/:sellerId', ...page(SellerStorePage) },
  { path: 'seller-store/:sellerId', ...page(SellerStorePage) },
  { path: 'shop', ...page(ShopPage) },
  { path: 'shop/bag', ...page(ShopBagPage) },
  { path: 'shop/:handle', ...page(ShopProductPage) },
];

/** Signed-in-only pages with the site header and footer. */
const memberRoutes: RouteObject[] = [
  { path: 'courses/:courseId/modules/:moduleId', ...page(ModulePage) },
  {
    path: 'courses/:courseId/modules/:moduleId/lessons/:lessonId',
    ...page(LessonPage),
    handle: signedInRender('src/features/learning/LessonPage.tsx'),
  },
  { path: 'courses/:courseId/modules/:moduleId/quizzes/:quizId', ...page(QuizPage) },
  { path: 'assignments/:assignmentId', ...page(AssignmentPage) },
  { path: 'my-certifications', ...page(MyCertificatesPage) },
  {
    path: 'my-courses',
    ...page(MyCoursesPage),
    handle: signedInRender('src/features/learning/MyCoursesPage.tsx'),
  },
  { path: 'certificate-templates', ...page(CertificateTemplatesPage) },
  { path: 'certificates', ...page(MyCertificatesPage) },
  { path: 'certificates/:certificateId', ...page(CertificatePage) },
  { path: 'connect/book/:instructorId', ...page(BookingPage) },
  { path: 'connect/profile', ...page(InstructorProfilePage) },
  { path: 'instructors/:instructorId/book', ...page(BookingPage) },
  { path: 'my-bookings', ...page(MyBookingsPage) },
  { path: 'my-store', ...page(SellerResourcesPage) },
  { path: 'my-resources', ...page(MyResourcesPage) },
  { path: 'curriculum/upload', ...page(ResourceUploadPage) },
  { path: 'upload-resource', ...page(ResourceUploadPage) },
  { path: 'simple-upload', ...page(ResourceUploadPage) },
  { path: 'curriculum/:id/edit', ...page(ResourceEditPage) },
  { path: 'checkout', ...page(CheckoutPage) },
  {
    path: 'my-purchases',
    ...page(MyPurchasesPage),
    handle: signedInRender('src/features/purchases/MyPurchasesPage.tsx'),
  },
  { path: 'multi-dashboard', ...page(MultiDashboardPage) },
  { path: 'dashboard/user', ...page(UserDashboardPage) },
  { path: 'profile', ...page(ProfilePage) },
  { path: 'profile/edit', ...page(ProfileEditPage) },
  { path: 'profile-image-debug', ...page(ProfileImageDebugPage) },
  {
    path: 'messages/:conversationId?',
    ...page(MessagesPage),
    handle: signedInRender('src/features/messages/MessagesPage.tsx'),
  },
  { path: 'notifications', ...page(NotificationsPage) },
];

/**
 * Signed-in-only seller and instructor areas. They use the admin layout, whose sidebar shows
 * each role's own links (spec section 2, "Admin layout"); every sidebar link has a route here.
 */
const workspaceRoutes: RouteObject[] = [
  { path: 'seller-dashboard', ...page(SellerDashboardPage) },
  { path: 'seller', ...page(SellerDashboardPage) },
  { path: 'seller/resources', ...page(SellerResourcesPage) },
  { path: 'seller/resources/add', ...page(ResourceUploadPage) },
  { path: 'seller/resources/create', ...page(ResourceUploadPage) },
  { path: 'seller/upload-resource', ...page(ResourceUploadPage) },
  { path: 'seller/analytics', ...page(SellerAnalyticsPage) },
  { path: 'seller/payments', ...page(SellerPaymentsPage) },
  { path: 'seller/settings', ...page(SellerSettingsPage) },
  { path: 'seller/messages/:conversationId?', ...page(MessagesPage) },
  { path: 'instructor', ...page(InstructorDashboardPage) },
  { path: 'instructor/dashboard', ...page(InstructorDashboardPage) },
  { path: 'instructor/courses', ...page(InstructorCoursesPage) },
  { path: 'instructor/courses/create', ...page(InstructorCourseCreatePage) },
  { path: 'instructor/courses/:id', ...page(InstructorCourseEditPage) },
  { path: 'instructor/courses/:id/video-stats', ...page(CourseVideoStatsPage) },
  { path: 'instructor/students', ...page(InstructorStudentsPage) },
  { path: 'instructor/quizzes', ...page(InstructorQuizzesPage) },
  { path: 'instructor/courses/:courseId/reviews', ...page(ReviewQueuePage) },
  { path: 'instructor/reviews/:submissionId', ...page(SubmissionReviewPage) },
  { path: 'instructor/certificates', ...page(InstructorCertificatesPage) },
  { path: 'instructor/certificates/issue', ...page(InstructorCertificateIssuePage) },
  { path: 'instructor/availability', ...page(InstructorAvailabilityPage) },
  { path: 'instructor/bookings', ...page(InstructorBookingsPage) },
  { path: 'instructor/messages/:conversationId?', ...page(MessagesPage) },
  { path: 'instructor/settings', ...page(InstructorConnectSettingsPage) },
];

/** Admin-only pages (admins and curriculum officers) in the admin layout. */
const adminRoutes: RouteObject[] = [
  { path: 'admin', ...page(AdminDashboardPage) },
  { path: 'admin/dashboard', ...page(AdminDashboardPage) },
  { path: 'admin/users', ...page(AdminUsersPage) },
  { path: 'admin/users/:id', ...page(AdminUserPage) },
  { path: 'admin/roles', ...page(AdminRolesPage) },
  { path: 'admin/courses', ...page(AdminCoursesPage) },
  { path: 'admin/course-categories', ...page(AdminCourseCategoriesPage) },
  { path: 'admin/certificates', ...page(AdminCertificatesPage) },
  { path: 'admin/resources', ...page(AdminResourcesPage) },
  { path: 'admin/curriculum', ...page(AdminResourcesPage) },
  { path: 'admin/resource-categories', ...page(AdminResourceCategoriesPage) },
  { path: 'admin/curriculum-categories', ...page(AdminResourceCategoriesPage) },
  { path: 'admin/instructors', ...page(AdminInstructorsPage) },
  { path: 'admin/bookings', ...page(AdminBookingsPage) },
  { path: 'admin/dance-styles', ...page(AdminDanceStylesPage) },
  { path: 'admin/subscription-plans', ...page(AdminSubscriptionPlansPage) },
  { path: 'admin/coupons', ...page(AdminCouponsPage) },
  { path: 'admin/outbox', ...page(AdminOutboxPage) },
  { path: 'admin/api-tokens', ...page(AdminApiTokensPage) },
  { path: 'admin/security', ...page(AdminSecurityPage) },
  { path: 'admin/webhooks', ...page(AdminWebhooksPage) },
  { path: 'admin/webhooks/:id', ...page(AdminWebhookEndpointPage) },
  { path: 'admin/orders', ...page(AdminOrdersPage) },
  { path: 'admin/orders/:id', ...page(AdminOrderPage) },
  { path: 'admin/refunds', ...page(AdminRefundsPage) },
  { path: 'admin/store', ...page(AdminStorePage) },
  { path: 'admin/store/products', ...page(AdminStoreProductsPage) },
  { path: 'admin/store/orders', ...page(AdminStoreOrdersPage) },
  { path: 'admin/messages', ...page(AdminMessagesPage) },
  { path: 'admin/settings', ...page(AdminSettingsPage) },
  { path: 'admin/sellers', ...page(AdminSellersPage) },
  { path: 'admin/deployment', ...page(AdminDeploymentPage) },
  { path: 'admin/documentation', ...page(AdminDocumentationPage) },
  { path: 'admin/course-creator', ...page(AdminCourseCreatorPage) },
  { path: 'admin/curriculum-officer', ...page(CurriculumOfficerPage) },
  { path: 'curriculum-officer-dashboard', ...page(CurriculumOfficerPage) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...publicRoutes,
      { element: <ProtectedRoute />, children: memberRoutes },
      { path: '*', ...page(NotFoundPage) },
    ],
  },
  {
    path: '/',
    element: (
      <ProtectedRoute>
        <AdminLayout />
      </ProtectedRoute>
    ),
    errorElement: <RouteErrorPage />,
    children: workspaceRoutes,
  },
  {
    path: '/',
    element: (
      <AdminRoute>
        <AdminLayout />
      </AdminRoute>
    ),
    errorElement: <RouteErrorPage />,
    children: adminRoutes,
  },
];

/** What the server needs to know of a path before sending its page (entry-server.tsx). */
export interface RouteAccess {
  /** The guard in front of the page, if any (the strictest of the matched routes). */
  guard: RouteGuard | null;
  /** The server renders it for a signed-in member (signedInRender). */
  signedInRender: boolean;
  /** Then the page's source module (the build manifest's key). */
  pageModule: string | null;
  /** An old address: where it moved (the path, without the query). */
  redirectTo: string | null;
}

/** The guard and render mark of the routes shown at `pathname`, as the browser's router matches them. */
export function routeAccess(pathname: string): RouteAccess {
  let guard: RouteGuard | null = null;
  let pageModule: string | null = null;
  let redirectTo: string | null = null;
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    const type = (route.element as ReactElement | undefined)?.type;
    if (type === AdminRoute) guard = 'admin';
    else if (type === ProtectedRoute && guard === null) guard = 'member';
    const handle = route.handle as
      Partial<ReturnType<typeof signedInRender> & { redirectTo: RedirectTarget }> | undefined;
    if (handle?.signedInRender && handle.module) pageModule = handle.module;
    if (handle?.redirectTo) redirectTo = handle.redirectTo(params);
  }
  return { guard, signedInRender: pageModule !== null, pageModule, redirectTo };
}
