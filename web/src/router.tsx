import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router-dom';
import RouteErrorPage from './features/misc/RouteErrorPage';
import type { InfoPageKey } from './features/misc/infoPages';
import { AdminLayout } from './layouts/AdminLayout';
import { AdminRoute, ProtectedRoute } from './layouts/guards';
import { PublicLayout } from './layouts/PublicLayout';
import { PageSpinner } from './ui/PageSpinner';

// Every page is its own chunk.
const HomePage = lazy(() => import('./features/home/HomePage'));
const AboutPage = lazy(() => import('./features/home/AboutPage'));
const AuthPage = lazy(() => import('./features/auth/AuthPage'));
const RegisterPage = lazy(() => import('./features/auth/RegisterPage'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage'));
const ProfileEditPage = lazy(() => import('./features/profile/ProfileEditPage'));
const UnsubscribePage = lazy(() => import('./features/notifications/UnsubscribePage'));
const UserProfilePage = lazy(() => import('./features/profile/UserProfilePage'));
const ProfileImageDebugPage = lazy(() => import('./features/profile/ProfileImageDebugPage'));
const UserDashboardPage = lazy(() => import('./features/dashboard/UserDashboardPage'));
const MultiDashboardPage = lazy(() => import('./features/dashboard/MultiDashboardPage'));
const DashboardRedirect = lazy(() => import('./features/dashboard/DashboardRedirect'));
const InfoPage = lazy(() => import('./features/misc/InfoPage'));
const NotFoundPage = lazy(() => import('./features/misc/NotFoundPage'));
const AdminDashboardPage = lazy(() => import('./features/admin/AdminDashboardPage'));
const AdminUsersPage = lazy(() => import('./features/admin/AdminUsersPage'));
const AdminUserPage = lazy(() => import('./features/admin/AdminUserPage'));
const AdminRolesPage = lazy(() => import('./features/admin/AdminRolesPage'));
const AdminDocumentationPage = lazy(() => import('./features/admin/AdminDocumentationPage'));
const AdminDeploymentPage = lazy(() => import('./features/admin/AdminDeploymentPage'));
// Certification courses (issue 3)
const CoursesPage = lazy(() => import('./features/courses/CoursesPage'));
const CertificateVerifyPage = lazy(() => import('./features/certificates/CertificateVerifyPage'));
const CourseDetailsPage = lazy(() => import('./features/courses/CourseDetailsPage'));
const ModulePage = lazy(() => import('./features/learning/ModulePage'));
const LessonPage = lazy(() => import('./features/learning/LessonPage'));
const QuizPage = lazy(() => import('./features/learning/QuizPage'));
const MyCoursesPage = lazy(() => import('./features/learning/MyCoursesPage'));
const MyCertificatesPage = lazy(() => import('./features/certificates/MyCertificatesPage'));
const CertificatePage = lazy(() => import('./features/certificates/CertificatePage'));
const CertificateTemplatesPage = lazy(() => import('./features/certificates/CertificateTemplatesPage'));
const InstructorDashboardPage = lazy(() => import('./features/instructor/InstructorDashboardPage'));
const InstructorCoursesPage = lazy(() => import('./features/instructor/InstructorCoursesPage'));
const InstructorCourseCreatePage = lazy(() => import('./features/instructor/InstructorCourseCreatePage'));
const InstructorCourseEditPage = lazy(() => import('./features/instructor/InstructorCourseEditPage'));
const InstructorStudentsPage = lazy(() => import('./features/instructor/InstructorStudentsPage'));
const InstructorQuizzesPage = lazy(() => import('./features/instructor/InstructorQuizzesPage'));
const InstructorCertificatesPage = lazy(() => import('./features/certificates/InstructorCertificatesPage'));
const InstructorCertificateIssuePage = lazy(
  () => import('./features/certificates/InstructorCertificateIssuePage'),
);
const AdminCoursesPage = lazy(() => import('./features/admin-courses/AdminCoursesPage'));
const AdminCourseCategoriesPage = lazy(() => import('./features/admin-courses/AdminCourseCategoriesPage'));
const AdminDanceStylesPage = lazy(() => import('./features/admin-courses/AdminDanceStylesPage'));
const AdminCourseCreatorPage = lazy(() => import('./features/admin-courses/AdminCourseCreatorPage'));
const AdminCertificatesPage = lazy(() => import('./features/certificates/AdminCertificatesPage'));
// Curriculum store (issue 4)
const CurriculumPage = lazy(() => import('./features/resources/CurriculumPage'));
const ResourceDetailsPage = lazy(() => import('./features/resources/ResourceDetailsPage'));
const SellerStorePage = lazy(() => import('./features/resources/SellerStorePage'));
// Cart (issue 5)
const CartPage = lazy(() => import('./features/cart/CartPage'));
const MyResourcesPage = lazy(() => import('./features/resources/MyResourcesPage'));
const AdminResourcesPage = lazy(() => import('./features/resources-admin/AdminResourcesPage'));
const AdminCouponsPage = lazy(() => import('./features/admin-coupons/AdminCouponsPage'));
const AdminOutboxPage = lazy(() => import('./features/admin-outbox/AdminOutboxPage'));
const AdminApiTokensPage = lazy(() => import('./features/api-tokens/AdminApiTokensPage'));
const AdminWebhooksPage = lazy(() => import('./features/admin-webhooks/AdminWebhooksPage'));
const AdminWebhookEndpointPage = lazy(() => import('./features/admin-webhooks/AdminWebhookEndpointPage'));
// Contact form and the staff inbox (issue 13).
const ContactPage = lazy(() => import('./features/contact/ContactPage'));
const AdminMessagesPage = lazy(() => import('./features/admin-messages/AdminMessagesPage'));
const AdminResourceCategoriesPage = lazy(
  () => import('./features/resources-admin/AdminResourceCategoriesPage'),
);
const CurriculumOfficerPage = lazy(() => import('./features/resources-admin/CurriculumOfficerPage'));
// Seller business (S2): dashboard, analytics, payments, store settings; staff seller management.
const SellerDashboardPage = lazy(() => import('./features/seller/SellerDashboardPage'));
const SellerAnalyticsPage = lazy(() => import('./features/seller/SellerAnalyticsPage'));
const SellerPaymentsPage = lazy(() => import('./features/seller/SellerPaymentsPage'));
const SellerSettingsPage = lazy(() => import('./features/seller/SellerSettingsPage'));
const AdminSellersPage = lazy(() => import('./features/admin-sellers/AdminSellersPage'));
const AdminSettingsPage = lazy(() => import('./features/admin-sellers/AdminSettingsPage'));
// Checkout, purchases and orders (issue 5, C4)
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage'));
const SimpleCheckoutPage = lazy(() => import('./features/checkout/SimpleCheckoutPage'));
const StripeCheckoutPage = lazy(() => import('./features/checkout/StripeCheckoutPage'));
const PaymentSuccessPage = lazy(() => import('./features/checkout/PaymentSuccessPage'));
const MyPurchasesPage = lazy(() => import('./features/purchases/MyPurchasesPage'));
const AdminOrdersPage = lazy(() => import('./features/admin-orders/AdminOrdersPage'));
const AdminOrderPage = lazy(() => import('./features/admin-orders/AdminOrderPage'));
// The shop's admin pages (issue 22): the store connection (admins), its products (staff), its orders.
const AdminStorePage = lazy(() => import('./features/admin-store/AdminStorePage'));
const AdminStoreProductsPage = lazy(() => import('./features/admin-store/AdminStoreProductsPage'));
const AdminStoreOrdersPage = lazy(() => import('./features/admin-store/AdminStoreOrdersPage'));
// Seller authoring (S1): one upload flow for every alias route, the editor and my resources.
const ResourceUploadPage = lazy(() => import('./features/seller-resources/ResourceUploadPage'));
const ResourceEditPage = lazy(() => import('./features/seller-resources/ResourceEditPage'));
const SellerResourcesPage = lazy(() => import('./features/seller-resources/SellerResourcesPage'));
// Instructor Connect for clients: finding instructors, their profiles, booking, my bookings.
const ConnectPage = lazy(() => import('./features/connect/ConnectPage'));
const InstructorPage = lazy(() => import('./features/connect/InstructorPage'));
const BookingPage = lazy(() => import('./features/connect/BookingPage'));
const MyBookingsPage = lazy(() => import('./features/connect/MyBookingsPage'));

// Instructor Connect (issue 11): the instructor's profile, hours, settings and bookings; staff pages.
const InstructorProfilePage = lazy(() => import('./features/instructor-connect/InstructorProfilePage'));
const InstructorAvailabilityPage = lazy(
  () => import('./features/instructor-connect/InstructorAvailabilityPage'),
);
const InstructorConnectSettingsPage = lazy(
  () => import('./features/instructor-connect/InstructorSettingsPage'),
);
const InstructorBookingsPage = lazy(() => import('./features/instructor-connect/InstructorBookingsPage'));
const AdminInstructorsPage = lazy(() => import('./features/admin-connect/AdminInstructorsPage'));
const AdminBookingsPage = lazy(() => import('./features/admin-connect/AdminBookingsPage'));
// Memberships (issue 12): plans and the member's membership, the return from checkout, staff plans.
const SubscriptionPage = lazy(() => import('./features/membership/SubscriptionPage'));
const SubscriptionSuccessPage = lazy(() => import('./features/membership/SubscriptionSuccessPage'));
const AdminSubscriptionPlansPage = lazy(
  () => import('./features/admin-membership/AdminSubscriptionPlansPage'),
);
// Messages (issue 13): one inbox for every signed-in user, also in the instructor and seller areas.
const MessagesPage = lazy(() => import('./features/messages/MessagesPage'));
// The shop (issue 22): the connected store's products, the shop bag.
const ShopPage = lazy(() => import('./features/shop/ShopPage'));
const ShopProductPage = lazy(() => import('./features/shop/ShopProductPage'));
const ShopBagPage = lazy(() => import('./features/shop/ShopBagPage'));

/** A lazily loaded page with its own loading state. */
function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  );
}

function info(path: string, key: InfoPageKey): RouteObject {
  return {
    path,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <InfoPage page={key} />
      </Suspense>
    ),
  };
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

/** Public pages with the site header and footer (spec section 2, "Public layout"). */
const publicRoutes: RouteObject[] = [
  { index: true, element: page(HomePage) },
  { path: 'about', element: page(AboutPage) },
  { path: 'auth', element: page(AuthPage) },
  { path: 'register', element: page(RegisterPage) },
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
  redirect('pricing', '/subscription'),
  { path: 'cart', element: page(CartPage) },
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
  { path: 'courses/:courseId/modules/:moduleId/lessons/:lessonId', element: page(LessonPage) },
  { path: 'courses/:courseId/modules/:moduleId/quizzes/:quizId', element: page(QuizPage) },
  { path: 'my-certifications', element: page(MyCertificatesPage) },
  { path: 'my-courses', element: page(MyCoursesPage) },
  { path: 'certificate-templates', element: page(CertificateTemplatesPage) },
  { path: 'certificates', element: page(MyCertificatesPage) },
  { path: 'certificates/:certificateId', element: page(CertificatePage) },
  { path: 'connect/book/:instructorId', element: page(BookingPage) },
  { path: 'connect/profile', element: page(InstructorProfilePage) },
  { path: 'instructors/:instructorId/book', element: page(BookingPage) },
  { path: 'my-bookings', element: page(MyBookingsPage) },
  { path: 'subscription/success', element: page(SubscriptionSuccessPage) },
  { path: 'my-store', element: page(SellerResourcesPage) },
  { path: 'my-resources', element: page(MyResourcesPage) },
  { path: 'curriculum/upload', element: page(ResourceUploadPage) },
  { path: 'upload-resource', element: page(ResourceUploadPage) },
  { path: 'simple-upload', element: page(ResourceUploadPage) },
  { path: 'curriculum/:id/edit', element: page(ResourceEditPage) },
  { path: 'checkout', element: page(CheckoutPage) },
  { path: 'my-purchases', element: page(MyPurchasesPage) },
  { path: 'multi-dashboard', element: page(MultiDashboardPage) },
  { path: 'dashboard/user', element: page(UserDashboardPage) },
  { path: 'profile', element: page(ProfilePage) },
  { path: 'profile/edit', element: page(ProfileEditPage) },
  { path: 'profile-image-debug', element: page(ProfileImageDebugPage) },
  { path: 'messages/:conversationId?', element: page(MessagesPage) },
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

export const router = createBrowserRouter(routes);
