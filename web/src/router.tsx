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
const UserProfilePage = lazy(() => import('./features/profile/UserProfilePage'));
const ProfileImageDebugPage = lazy(() => import('./features/profile/ProfileImageDebugPage'));
const UserDashboardPage = lazy(() => import('./features/dashboard/UserDashboardPage'));
const MultiDashboardPage = lazy(() => import('./features/dashboard/MultiDashboardPage'));
const DashboardRedirect = lazy(() => import('./features/dashboard/DashboardRedirect'));
const InfoPage = lazy(() => import('./features/misc/InfoPage'));
const NotFoundPage = lazy(() => import('./features/misc/NotFoundPage'));
const RoutePlaceholderPage = lazy(() => import('./features/misc/RoutePlaceholderPage'));

/** A lazily loaded page with its own loading state. */
function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  );
}

/** A page whose feature ships in a later issue. */
function placeholder(path: string, title: string): RouteObject {
  return {
    path,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <RoutePlaceholderPage title={title} />
      </Suspense>
    ),
  };
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
  placeholder('courses', 'Courses'),
  placeholder('courses/:id', 'Course details'),
  redirect('course/:id', (params) => `/courses/${encode(params.id)}`),
  placeholder('connect', 'Connect'),
  placeholder('connect-updated', 'Connect'),
  placeholder('connect-old', 'Connect'),
  placeholder('instructors/:instructorId', 'Instructor profile'),
  placeholder('subscription', 'Membership'),
  placeholder('subscription/success', 'Subscription confirmed'),
  redirect('pricing', '/subscription'),
  placeholder('cart', 'Cart'),
  placeholder('checkout/stripe', 'Card checkout'),
  placeholder('simple-checkout', 'Checkout'),
  placeholder('payment-success', 'Payment successful'),
  { path: 'profile/:userId', element: page(UserProfilePage) },
  redirect('resources', '/curriculum'),
  redirect('resources/:resourceId', (params) => `/curriculum/${encode(params.resourceId)}`),
  redirect('resources/:id/edit', (params) => `/curriculum/${encode(params.id)}/edit`),
  { path: 'dashboard', element: page(DashboardRedirect) },
  { path: 'my-dashboard', element: page(DashboardRedirect) },
  // The footer's informational pages.
  info('blog', 'blog'),
  info('contact', 'contact'),
  info('terms', 'terms'),
  info('privacy', 'privacy'),
  info('cookies', 'cookies'),
  // Third route kind: open to visitors (guests may browse resources, curriculum and stores).
  placeholder('curriculum', 'Curriculum'),
  placeholder('curriculum/:resourceId', 'Resource details'),
  placeholder('sellers/:sellerId', 'Seller profile'),
  placeholder('seller-store/:sellerId', 'Seller store'),
];

/** Signed-in-only pages with the site header and footer. */
const memberRoutes: RouteObject[] = [
  placeholder('courses/:courseId/modules/:moduleId', 'Course module'),
  placeholder('courses/:courseId/modules/:moduleId/lessons/:lessonId', 'Lesson'),
  placeholder('courses/:courseId/modules/:moduleId/quizzes/:quizId', 'Quiz'),
  placeholder('my-certifications', 'My certifications'),
  placeholder('my-courses', 'My Courses'),
  placeholder('certificate-templates', 'Certificate templates'),
  placeholder('certificates', 'Certificates'),
  placeholder('certificates/:certificateId', 'Certificate'),
  placeholder('connect/book/:instructorId', 'Book an instructor'),
  placeholder('connect/profile', 'My instructor profile'),
  placeholder('instructors/:instructorId/book', 'Book an instructor'),
  placeholder('my-bookings', 'My bookings'),
  placeholder('my-store', 'My store'),
  placeholder('my-resources', 'My resources'),
  placeholder('curriculum/upload', 'Upload a resource'),
  placeholder('upload-resource', 'Upload a resource'),
  placeholder('simple-upload', 'Upload a resource'),
  placeholder('curriculum/:id/edit', 'Edit resource'),
  placeholder('checkout', 'Checkout'),
  placeholder('my-purchases', 'My Purchases'),
  { path: 'multi-dashboard', element: page(MultiDashboardPage) },
  { path: 'dashboard/user', element: page(UserDashboardPage) },
  { path: 'profile', element: page(ProfilePage) },
  { path: 'profile/edit', element: page(ProfileEditPage) },
  { path: 'profile-image-debug', element: page(ProfileImageDebugPage) },
];

/**
 * Signed-in-only seller and instructor areas. They use the admin layout, whose sidebar shows
 * each role's own links (spec section 2, "Admin layout"); every sidebar link has a route here.
 */
const workspaceRoutes: RouteObject[] = [
  placeholder('seller-dashboard', 'Seller dashboard'),
  placeholder('seller', 'Seller dashboard'),
  placeholder('seller/resources', 'My resources'),
  placeholder('seller/resources/add', 'Add a resource'),
  placeholder('seller/resources/create', 'Create a resource'),
  placeholder('seller/upload-resource', 'Upload a resource'),
  placeholder('seller/analytics', 'Seller analytics'),
  placeholder('seller/payments', 'Seller payments'),
  placeholder('seller/settings', 'Seller settings'),
  placeholder('instructor', 'Instructor dashboard'),
  placeholder('instructor/dashboard', 'Instructor dashboard'),
  placeholder('instructor/courses', 'My courses'),
  placeholder('instructor/courses/create', 'Create a course'),
  placeholder('instructor/courses/:id', 'Edit course'),
  placeholder('instructor/students', 'Students'),
  placeholder('instructor/quizzes', 'Quizzes'),
  placeholder('instructor/certificates', 'Certificates'),
  placeholder('instructor/certificates/issue', 'Issue a certificate'),
  placeholder('instructor/availability', 'Availability'),
  placeholder('instructor/bookings', 'Bookings'),
  placeholder('instructor/messages', 'Messages'),
  placeholder('instructor/settings', 'Instructor settings'),
];

/** Admin-only pages (admins and curriculum officers) in the admin layout. */
const adminRoutes: RouteObject[] = [
  placeholder('admin', 'Admin dashboard'),
  placeholder('admin/dashboard', 'Admin dashboard'),
  placeholder('admin/users', 'Users'),
  placeholder('admin/users/:id', 'User details'),
  placeholder('admin/roles', 'Roles'),
  placeholder('admin/courses', 'Courses'),
  placeholder('admin/course-categories', 'Course categories'),
  placeholder('admin/certificates', 'Certificates'),
  placeholder('admin/resources', 'Resources'),
  placeholder('admin/curriculum', 'Curriculum store'),
  placeholder('admin/resource-categories', 'Resource categories'),
  placeholder('admin/curriculum-categories', 'Curriculum categories'),
  placeholder('admin/instructors', 'Instructors'),
  placeholder('admin/bookings', 'Bookings'),
  placeholder('admin/dance-styles', 'Dance styles'),
  placeholder('admin/subscription-plans', 'Subscription plans'),
  placeholder('admin/coupons', 'Coupons'),
  placeholder('admin/messages', 'Messages'),
  placeholder('admin/settings', 'Settings'),
  placeholder('admin/sellers', 'Seller management'),
  placeholder('admin/deployment', 'Deployment'),
  placeholder('admin/documentation', 'Documentation'),
  placeholder('admin/course-creator', 'Course creator'),
  placeholder('admin/curriculum-officer', 'Curriculum officer dashboard'),
  placeholder('curriculum-officer-dashboard', 'Curriculum officer dashboard'),
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
