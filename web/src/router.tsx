import { Suspense, type ReactElement } from 'react';
import { matchRoutes, Navigate, useParams, type RouteObject } from 'react-router-dom';
import RouteErrorPage from './features/misc/RouteErrorPage';
import type { InfoPageKey } from './features/misc/infoPages';
import { AdminLayout } from './layouts/AdminLayout';
import type { RouteGuard } from './layouts/guardRule';
import { AdminRoute, ProtectedRoute } from './layouts/guards';
import { PublicLayout } from './layouts/PublicLayout';
import { PageReady } from './ssr/PageReady';
import { type LazyPage, lazyPage } from './ui/lazyPage';
import { PageSpinner } from './ui/PageSpinner';

// Every page is its own chunk.
const HomePage = lazyPage(() => import('./features/home/HomePage'));
const AboutPage = lazyPage(() => import('./features/home/AboutPage'));
const AuthPage = lazyPage(() => import('./features/auth/AuthPage'));
const RegisterPage = lazyPage(() => import('./features/auth/RegisterPage'));
const LinkAccountPage = lazyPage(() => import('./features/identities/LinkAccountPage'));
// Accounts (issue 31): a forgotten password, and the pages of the links mailed to an address.
const ForgotPasswordPage = lazyPage(() => import('./features/account/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./features/account/ResetPasswordPage'));
const VerifyEmailPage = lazyPage(() => import('./features/account/VerifyEmailPage'));
const ProfilePage = lazyPage(() => import('./features/profile/ProfilePage'));
const ProfileEditPage = lazyPage(() => import('./features/profile/ProfileEditPage'));
const UnsubscribePage = lazyPage(() => import('./features/notifications/UnsubscribePage'));
const UserProfilePage = lazyPage(() => import('./features/profile/UserProfilePage'));
const ProfileImageDebugPage = lazyPage(() => import('./features/profile/ProfileImageDebugPage'));
const UserDashboardPage = lazyPage(() => import('./features/dashboard/UserDashboardPage'));
const MultiDashboardPage = lazyPage(() => import('./features/dashboard/MultiDashboardPage'));
const DashboardRedirect = lazyPage(() => import('./features/dashboard/DashboardRedirect'));
const InfoPage = lazyPage(() => import('./features/misc/InfoPage'));
const NotFoundPage = lazyPage(() => import('./features/misc/NotFoundPage'));
const AdminDashboardPage = lazyPage(() => import('./features/admin/AdminDashboardPage'));
const AdminUsersPage = lazyPage(() => import('./features/admin/AdminUsersPage'));
const AdminUserPage = lazyPage(() => import('./features/admin/AdminUserPage'));
const AdminRolesPage = lazyPage(() => import('./features/admin/AdminRolesPage'));
const AdminDocumentationPage = lazyPage(() => import('./features/admin/AdminDocumentationPage'));
const AdminDeploymentPage = lazyPage(() => import('./features/admin/AdminDeploymentPage'));
// Certification courses (issue 3)
const CoursesPage = lazyPage(() => import('./features/courses/CoursesPage'));
const CertificateVerifyPage = lazyPage(() => import('./features/certificates/CertificateVerifyPage'));
const CourseDetailsPage = lazyPage(() => import('./features/courses/CourseDetailsPage'));
const ModulePage = lazyPage(() => import('./features/learning/ModulePage'));
const LessonPage = lazyPage(() => import('./features/learning/LessonPage'));
const QuizPage = lazyPage(() => import('./features/learning/QuizPage'));
const MyCoursesPage = lazyPage(() => import('./features/learning/MyCoursesPage'));
const MyCertificatesPage = lazyPage(() => import('./features/certificates/MyCertificatesPage'));
const CertificatePage = lazyPage(() => import('./features/certificates/CertificatePage'));
const CertificateTemplatesPage = lazyPage(() => import('./features/certificates/CertificateTemplatesPage'));
const InstructorDashboardPage = lazyPage(() => import('./features/instructor/InstructorDashboardPage'));
const InstructorCoursesPage = lazyPage(() => import('./features/instructor/InstructorCoursesPage'));
const InstructorCourseCreatePage = lazyPage(() => import('./features/instructor/InstructorCourseCreatePage'));
const InstructorCourseEditPage = lazyPage(() => import('./features/instructor/InstructorCourseEditPage'));
const InstructorStudentsPage = lazyPage(() => import('./features/instructor/InstructorStudentsPage'));
const InstructorQuizzesPage = lazyPage(() => import('./features/instructor/InstructorQuizzesPage'));
const InstructorCertificatesPage = lazyPage(
  () => import('./features/certificates/InstructorCertificatesPage'),
);
const InstructorCertificateIssuePage = lazyPage(
  () => import('./features/certificates/InstructorCertificateIssuePage'),
);
const AdminCoursesPage = lazyPage(() => import('./features/admin-courses/AdminCoursesPage'));
const AdminCourseCategoriesPage = lazyPage(
  () => import('./features/admin-courses/AdminCourseCategoriesPage'),
);
const AdminDanceStylesPage = lazyPage(() => import('./features/admin-courses/AdminDanceStylesPage'));
const AdminCourseCreatorPage = lazyPage(() => import('./features/admin-courses/AdminCourseCreatorPage'));
const AdminCertificatesPage = lazyPage(() => import('./features/certificates/AdminCertificatesPage'));
// Curriculum store (issue 4)
const CurriculumPage = lazyPage(() => import('./features/resources/CurriculumPage'));
const ResourceDetailsPage = lazyPage(() => import('./features/resources/ResourceDetailsPage'));
const SellerStorePage = lazyPage(() => import('./features/resources/SellerStorePage'));
// Cart (issue 5)
const CartPage = lazyPage(() => import('./features/cart/CartPage'));
const MyResourcesPage = lazyPage(() => import('./features/resources/MyResourcesPage'));
const AdminResourcesPage = lazyPage(() => import('./features/resources-admin/AdminResourcesPage'));
const AdminCouponsPage = lazyPage(() => import('./features/admin-coupons/AdminCouponsPage'));
const AdminOutboxPage = lazyPage(() => import('./features/admin-outbox/AdminOutboxPage'));
const AdminApiTokensPage = lazyPage(() => import('./features/api-tokens/AdminApiTokensPage'));
const AdminSecurityPage = lazyPage(() => import('./features/admin-security/AdminSecurityPage'));
const AdminWebhooksPage = lazyPage(() => import('./features/admin-webhooks/AdminWebhooksPage'));
const AdminWebhookEndpointPage = lazyPage(() => import('./features/admin-webhooks/AdminWebhookEndpointPage'));
// Contact form and the staff inbox (issue 13).
const ContactPage = lazyPage(() => import('./features/contact/ContactPage'));
const AdminMessagesPage = lazyPage(() => import('./features/admin-messages/AdminMessagesPage'));
const AdminResourceCategoriesPage = lazyPage(
  () => import('./features/resources-admin/AdminResourceCategoriesPage'),
);
const CurriculumOfficerPage = lazyPage(() => import('./features/resources-admin/CurriculumOfficerPage'));
// Seller business (S2): dashboard, analytics, payments, store settings; staff seller management.
const SellerDashboardPage = lazyPage(() => import('./features/seller/SellerDashboardPage'));
const SellerAnalyticsPage = lazyPage(() => import('./features/seller/SellerAnalyticsPage'));
const SellerPaymentsPage = lazyPage(() => import('./features/seller/SellerPaymentsPage'));
const SellerSettingsPage = lazyPage(() => import('./features/seller/SellerSettingsPage'));
const AdminSellersPage = lazyPage(() => import('./features/admin-sellers/AdminSellersPage'));
const AdminSettingsPage = lazyPage(() => import('./features/admin-sellers/AdminSettingsPage'));
// Checkout, purchases and orders (issue 5, C4)
const CheckoutPage = lazyPage(() => import('./features/checkout/CheckoutPage'));
const SimpleCheckoutPage = lazyPage(() => import('./features/checkout/SimpleCheckoutPage'));
const StripeCheckoutPage = lazyPage(() => import('./features/checkout/StripeCheckoutPage'));
const PaymentSuccessPage = lazyPage(() => import('./features/checkout/PaymentSuccessPage'));
const MyPurchasesPage = lazyPage(() => import('./features/purchases/MyPurchasesPage'));
const AdminOrdersPage = lazyPage(() => import('./features/admin-orders/AdminOrdersPage'));
const AdminOrderPage = lazyPage(() => import('./features/admin-orders/AdminOrderPage'));
// The shop's admin pages (issue 22): the store connection (admins), its products (staff), its orders.
const AdminStorePage = lazyPage(() => import('./features/admin-store/AdminStorePage'));
const AdminStoreProductsPage = lazyPage(() => import('./features/admin-store/AdminStoreProductsPage'));
const AdminStoreOrdersPage = lazyPage(() => import('./features/admin-store/AdminStoreOrdersPage'));
// Seller authoring (S1): one upload flow for every alias route, the editor and my resources.
const ResourceUploadPage = lazyPage(() => import('./features/seller-resources/ResourceUploadPage'));
const ResourceEditPage = lazyPage(() => import('./features/seller-resources/ResourceEditPage'));
const SellerResourcesPage = lazyPage(() => import('./features/seller-resources/SellerResourcesPage'));
// Instructor Connect for clients: finding instructors, their profiles, booking, my bookings.
const ConnectPage = lazyPage(() => import('./features/connect/ConnectPage'));
const InstructorPage = lazyPage(() => import('./features/connect/InstructorPage'));
const BookingPage = lazyPage(() => import('./features/connect/BookingPage'));
const MyBookingsPage = lazyPage(() => import('./features/connect/MyBookingsPage'));

// Instructor Connect (issue 11): the instructor's profile, hours, settings and bookings; staff pages.
const InstructorProfilePage = lazyPage(() => import('./features/instructor-connect/InstructorProfilePage'));
const InstructorAvailabilityPage = lazyPage(
  () => import('./features/instructor-connect/InstructorAvailabilityPage'),
);
const InstructorConnectSettingsPage = lazyPage(
  () => import('./features/instructor-connect/InstructorSettingsPage'),
);
const InstructorBookingsPage = lazyPage(() => import('./features/instructor-connect/InstructorBookingsPage'));
const AdminInstructorsPage = lazyPage(() => import('./features/admin-connect/AdminInstructorsPage'));
const AdminBookingsPage = lazyPage(() => import('./features/admin-connect/AdminBookingsPage'));
// Memberships (issue 12): plans and the member's membership, the return from checkout, staff plans.
const SubscriptionPage = lazyPage(() => import('./features/membership/SubscriptionPage'));
const SubscriptionSuccessPage = lazyPage(() => import('./features/membership/SubscriptionSuccessPage'));
const AdminSubscriptionPlansPage = lazyPage(
  () => import('./features/admin-membership/AdminSubscriptionPlansPage'),
);
// Messages (issue 13): one inbox for every signed-in user, also in the instructor and seller areas.
const MessagesPage = lazyPage(() => import('./features/messages/MessagesPage'));
// The shop (issue 22): the connected store's products, the shop bag.
const ShopPage = lazyPage(() => import('./features/shop/ShopPage'));
const ShopProductPage = lazyPage(() => import('./features/shop/ShopProductPage'));
const ShopBagPage = lazyPage(() => import('./features/shop/ShopBagPage'));

/** The page each route element shows, to load it ahead (preloadRoutePages). */
const PAGE_OF_ELEMENT = new WeakMap<ReactElement, LazyPage>();

/** A lazily loaded page with its own loading state. */
function page(Component: LazyPage<object>) {
  const element = (
    <Suspense fallback={<PageSpinner />}>
      <Component />
      <PageReady />
    </Suspense>
  );
  PAGE_OF_ELEMENT.set(element, Component);
  return element;
}

function info(path: string, key: InfoPageKey): RouteObject {
  const element = (
    <Suspense fallback={<PageSpinner />}>
      <InfoPage page={key} />
      <PageReady />
    </Suspense>
  );
  PAGE_OF_ELEMENT.set(element, InfoPage);
  return { path, element };
}

/** Redirects to a path built from the current route's parameters (e.g. /course/:id → /courses/:id). */
function RedirectWithParams({
  to,
}: {
  to: (params: Readonly<Record<string, string | undefined>>) => string;
}) {
  const params = useParams();
  return <Navigate to={to(params)} replace />;
}

function redirect(
  path: string,
  to: string | ((params: Readonly<Record<string, string | undefined>>) => string),
) {
  return {
    path,
    element: typeof to === 'string' ? <Navigate to={to} replace /> : <RedirectWithParams to={to} />,
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
  { index: true, element: page(HomePage) },
  { path: 'about', element: page(AboutPage) },
  { path: 'auth', element: page(AuthPage) },
  { path: 'auth/link', element: page(LinkAccountPage) },
  { path: 'register', element: page(RegisterPage) },
  // A forgotten password, and the links of account mails (no sign-in: the token is the proof).
  { path: 'forgot-password', element: page(ForgotPasswordPage) },
  { path: 'reset-password', element: page(ResetPasswordPage) },
  { path: 'verify-email', element: page(VerifyEmailPage) },
  { path: 'courses', element: page(CoursesPage) },
  // Public certificate verification (the PDF's QR code points here).
  { path: 'verify/:certificateNumber', element: page(CertificateVerifyPage) },
  { path: 'courses/:id', element: page(CourseDetailsPage) },
  redirect('course/:id', (params) => `/courses/${encode(params.id)}`),
  { path: 'connect', element: page(ConnectPage) },
  { path: 'connect-updated', element: page(ConnectPage) },
  { path: 'connect-old', element: page(ConnectPage) },
  { path: 'instructors/:instructorId', element: page(InstructorPage) },
  { path: 'subscription', element: page(SubscriptionPage) },
  // Public: a visitor, or a member whose session ended during payment, is asked to sign in there.
  { path: 'subscription/success', element: page(SubscriptionSuccessPage) },
  redirect('pricing', '/subscription'),
  { path: 'cart', element: page(CartPage), handle: signedInRender('src/features/cart/CartPage.tsx') },
  { path: 'checkout/stripe', element: page(StripeCheckoutPage) },
  { path: 'simple-checkout', element: page(SimpleCheckoutPage) },
  { path: 'payment-success', element: page(PaymentSuccessPage) },
  { path: 'profile/:userId', element: page(UserProfilePage) },
  redirect('resources', '/curriculum'),
  redirect('resources/:resourceId', (params) => `/curriculum/${encode(params.resourceId)}`),
  redirect('resources/:id/edit', (params) => `/curriculum/${encode(params.id)}/edit`),
  { path: 'dashboard', element: page(DashboardRedirect) },
  { path: 'my-dashboard', element: page(DashboardRedirect) },
  // The footer's informational pages.
  info('blog', 'blog'),
  { path: 'contact', element: page(ContactPage) },
  // A mail's unsubscribe link (no sign-in: the token is the proof).
  { path: 'notifications/unsubscribe', element: page(UnsubscribePage) },
  info('terms', 'terms'),
  info('privacy', 'privacy'),
  info('cookies', 'cookies'),
  // Third route kind: open to visitors (guests may browse resources, curriculum and stores).
  { path: 'curriculum', element: page(CurriculumPage) },
  { path: 'curriculum/:resourceId', element: page(ResourceDetailsPage) },
  { path: 'sellers/:sellerId', element: page(SellerStorePage) },
  { path: 'seller-store/:sellerId', element: page(SellerStorePage) },
  { path: 'shop', element: page(ShopPage) },
  { path: 'shop/bag', element: page(ShopBagPage) },
  { path: 'shop/:handle', element: page(ShopProductPage) },
];

/** Signed-in-only pages with the site header and footer. */
const memberRoutes: RouteObject[] = [
  { path: 'courses/:courseId/modules/:moduleId', element: page(ModulePage) },
  {
    path: 'courses/:courseId/modules/:moduleId/lessons/:lessonId',
    element: page(LessonPage),
    handle: signedInRender('src/features/learning/LessonPage.tsx'),
  },
  { path: 'courses/:courseId/modules/:moduleId/quizzes/:quizId', element: page(QuizPage) },
  { path: 'my-certifications', element: page(MyCertificatesPage) },
  {
    path: 'my-courses',
    element: page(MyCoursesPage),
    handle: signedInRender('src/features/learning/MyCoursesPage.tsx'),
  },
  { path: 'certificate-templates', element: page(CertificateTemplatesPage) },
  { path: 'certificates', element: page(MyCertificatesPage) },
  { path: 'certificates/:certificateId', element: page(CertificatePage) },
  { path: 'connect/book/:instructorId', element: page(BookingPage) },
  { path: 'connect/profile', element: page(InstructorProfilePage) },
  { path: 'instructors/:instructorId/book', element: page(BookingPage) },
  { path: 'my-bookings', element: page(MyBookingsPage) },
  { path: 'my-store', element: page(SellerResourcesPage) },
  { path: 'my-resources', element: page(MyResourcesPage) },
  { path: 'curriculum/upload', element: page(ResourceUploadPage) },
  { path: 'upload-resource', element: page(ResourceUploadPage) },
  { path: 'simple-upload', element: page(ResourceUploadPage) },
  { path: 'curriculum/:id/edit', element: page(ResourceEditPage) },
  { path: 'checkout', element: page(CheckoutPage) },
  {
    path: 'my-purchases',
    element: page(MyPurchasesPage),
    handle: signedInRender('src/features/purchases/MyPurchasesPage.tsx'),
  },
  { path: 'multi-dashboard', element: page(MultiDashboardPage) },
  { path: 'dashboard/user', element: page(UserDashboardPage) },
  { path: 'profile', element: page(ProfilePage) },
  { path: 'profile/edit', element: page(ProfileEditPage) },
  { path: 'profile-image-debug', element: page(ProfileImageDebugPage) },
  {
    path: 'messages/:conversationId?',
    element: page(MessagesPage),
    handle: signedInRender('src/features/messages/MessagesPage.tsx'),
  },
];

/**
 * Signed-in-only seller and instructor areas. They use the admin layout, whose sidebar shows
 * each role's own links (spec section 2, "Admin layout"); every sidebar link has a route here.
 */
const workspaceRoutes: RouteObject[] = [
  { path: 'seller-dashboard', element: page(SellerDashboardPage) },
  { path: 'seller', element: page(SellerDashboardPage) },
  { path: 'seller/resources', element: page(SellerResourcesPage) },
  { path: 'seller/resources/add', element: page(ResourceUploadPage) },
  { path: 'seller/resources/create', element: page(ResourceUploadPage) },
  { path: 'seller/upload-resource', element: page(ResourceUploadPage) },
  { path: 'seller/analytics', element: page(SellerAnalyticsPage) },
  { path: 'seller/payments', element: page(SellerPaymentsPage) },
  { path: 'seller/settings', element: page(SellerSettingsPage) },
  { path: 'seller/messages/:conversationId?', element: page(MessagesPage) },
  { path: 'instructor', element: page(InstructorDashboardPage) },
  { path: 'instructor/dashboard', element: page(InstructorDashboardPage) },
  { path: 'instructor/courses', element: page(InstructorCoursesPage) },
  { path: 'instructor/courses/create', element: page(InstructorCourseCreatePage) },
  { path: 'instructor/courses/:id', element: page(InstructorCourseEditPage) },
  { path: 'instructor/students', element: page(InstructorStudentsPage) },
  { path: 'instructor/quizzes', element: page(InstructorQuizzesPage) },
  { path: 'instructor/certificates', element: page(InstructorCertificatesPage) },
  { path: 'instructor/certificates/issue', element: page(InstructorCertificateIssuePage) },
  { path: 'instructor/availability', element: page(InstructorAvailabilityPage) },
  { path: 'instructor/bookings', element: page(InstructorBookingsPage) },
  { path: 'instructor/messages/:conversationId?', element: page(MessagesPage) },
  { path: 'instructor/settings', element: page(InstructorConnectSettingsPage) },
];

/** Admin-only pages (admins and curriculum officers) in the admin layout. */
const adminRoutes: RouteObject[] = [
  { path: 'admin', element: page(AdminDashboardPage) },
  { path: 'admin/dashboard', element: page(AdminDashboardPage) },
  { path: 'admin/users', element: page(AdminUsersPage) },
  { path: 'admin/users/:id', element: page(AdminUserPage) },
  { path: 'admin/roles', element: page(AdminRolesPage) },
  { path: 'admin/courses', element: page(AdminCoursesPage) },
  { path: 'admin/course-categories', element: page(AdminCourseCategoriesPage) },
  { path: 'admin/certificates', element: page(AdminCertificatesPage) },
  { path: 'admin/resources', element: page(AdminResourcesPage) },
  { path: 'admin/curriculum', element: page(AdminResourcesPage) },
  { path: 'admin/resource-categories', element: page(AdminResourceCategoriesPage) },
  { path: 'admin/curriculum-categories', element: page(AdminResourceCategoriesPage) },
  { path: 'admin/instructors', element: page(AdminInstructorsPage) },
  { path: 'admin/bookings', element: page(AdminBookingsPage) },
  { path: 'admin/dance-styles', element: page(AdminDanceStylesPage) },
  { path: 'admin/subscription-plans', element: page(AdminSubscriptionPlansPage) },
  { path: 'admin/coupons', element: page(AdminCouponsPage) },
  { path: 'admin/outbox', element: page(AdminOutboxPage) },
  { path: 'admin/api-tokens', element: page(AdminApiTokensPage) },
  { path: 'admin/security', element: page(AdminSecurityPage) },
  { path: 'admin/webhooks', element: page(AdminWebhooksPage) },
  { path: 'admin/webhooks/:id', element: page(AdminWebhookEndpointPage) },
  { path: 'admin/orders', element: page(AdminOrdersPage) },
  { path: 'admin/orders/:id', element: page(AdminOrderPage) },
  { path: 'admin/store', element: page(AdminStorePage) },
  { path: 'admin/store/products', element: page(AdminStoreProductsPage) },
  { path: 'admin/store/orders', element: page(AdminStoreOrdersPage) },
  { path: 'admin/messages', element: page(AdminMessagesPage) },
  { path: 'admin/settings', element: page(AdminSettingsPage) },
  { path: 'admin/sellers', element: page(AdminSellersPage) },
  { path: 'admin/deployment', element: page(AdminDeploymentPage) },
  { path: 'admin/documentation', element: page(AdminDocumentationPage) },
  { path: 'admin/course-creator', element: page(AdminCourseCreatorPage) },
  { path: 'admin/curriculum-officer', element: page(CurriculumOfficerPage) },
  { path: 'curriculum-officer-dashboard', element: page(CurriculumOfficerPage) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...publicRoutes,
      { element: <ProtectedRoute />, children: memberRoutes },
      { path: '*', element: page(NotFoundPage) },
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

/**
 * Loads the pages shown at `pathname` (before React adopts a server-rendered page: boot.tsx); true
 * when there is one (it says when it is ready: ssr/PageReady.tsx).
 */
export async function preloadRoutePages(pathname: string): Promise<boolean> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const page = match.route.element ? PAGE_OF_ELEMENT.get(match.route.element as ReactElement) : undefined;
    return page ? [page] : [];
  });
  await Promise.all(pages.map((page) => page.preload()));
  return pages.length > 0;
}

/** What the server needs to know of a path before sending its page (entry-server.tsx). */
export interface RouteAccess {
  /** The guard in front of the page, if any (the strictest of the matched routes). */
  guard: RouteGuard | null;
  /** The server renders it for a signed-in member (signedInRender). */
  signedInRender: boolean;
  /** Then the page's source module (the build manifest's key). */
  pageModule: string | null;
}

/** The guard and render mark of the routes shown at `pathname`, as the browser's router matches them. */
export function routeAccess(pathname: string): RouteAccess {
  let guard: RouteGuard | null = null;
  let pageModule: string | null = null;
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const type = (route.element as ReactElement | undefined)?.type;
    if (type === AdminRoute) guard = 'admin';
    else if (type === ProtectedRoute && guard === null) guard = 'member';
    const handle = route.handle as ReturnType<typeof signedInRender> | undefined;
    if (handle?.signedInRender) pageModule = handle.module;
  }
  return { guard, signedInRender: pageModule !== null, pageModule };
}
