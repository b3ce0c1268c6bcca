import type { EntityManager } from '@mikro-orm/postgresql';
import { AdminUsersService } from './modules/admin/admin-users.service';
import { AuthService } from './modules/auth/auth.service';
import { CartService } from './modules/cart/cart.service';
import { CouponsService } from './modules/coupons/coupons.service';
import { BookingsService } from './modules/bookings/bookings.service';
import { CertificatesService } from './modules/certificates/certificates.service';
import { CourseContentService } from './modules/courses/course-content.service';
import { CourseTaxonomyService } from './modules/courses/course-taxonomy.service';
import { CoursesService } from './modules/courses/courses.service';
import { LearningService } from './modules/learning/learning.service';
import { LicencesService } from './modules/licences/licences.service';
import { CheckoutService } from './modules/orders/checkout.service';
import { OrdersService } from './modules/orders/orders.service';
import { ResourceAuthoringService } from './modules/resources/resource-authoring.service';
import { ResourcesService } from './modules/resources/resources.service';
import { UploadsService } from './modules/uploads/uploads.service';
import { AdminSellersService } from './modules/sellers/admin-sellers.service';
import { PlatformSettingsService } from './modules/sellers/platform-settings.service';
import { SellerDashboardService } from './modules/sellers/seller-dashboard.service';
import { SellerPayoutsService } from './modules/sellers/seller-payouts.service';
import { SellerStoreService } from './modules/sellers/seller-store.service';
import { UsersService } from './modules/users/users.service';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { AppStorage } from './storage/storage';

/** The business services of one request, sharing its EntityManager. */
export interface Services {
  auth: AuthService;
  users: UsersService;
  adminUsers: AdminUsersService;
  certificates: CertificatesService;
  learning: LearningService;
  courses: CoursesService;
  courseContent: CourseContentService;
  courseTaxonomy: CourseTaxonomyService;
  resources: ResourcesService;
  resourceAuthoring: ResourceAuthoringService;
  uploads: UploadsService;
  sellerDashboard: SellerDashboardService;
  sellerStore: SellerStoreService;
  sellerPayouts: SellerPayoutsService;
  adminSellers: AdminSellersService;
  platformSettings: PlatformSettingsService;
  cart: CartService;
  coupons: CouponsService;
  orders: OrdersService;
  checkout: CheckoutService;
  licences: LicencesService;
  bookings: BookingsService;
}

export function createServices(em: EntityManager, storage: AppStorage, payments: PaymentProvider): Services {
  void payments; // used by the cart, checkout and seller-payout services
  const services: Services = {
    auth: new AuthService(em),
    users: new UsersService(em, storage.public),
    adminUsers: new AdminUsersService(em),
    certificates: new CertificatesService(em),
    // Course completion issues the certificate through this request's certificates service.
    learning: new LearningService(em, () => services.certificates),
    courses: new CoursesService(em),
    courseContent: new CourseContentService(em),
    courseTaxonomy: new CourseTaxonomyService(em),
    resources: new ResourcesService(em),
    resourceAuthoring: new ResourceAuthoringService(em),
    uploads: new UploadsService(em),
    sellerDashboard: new SellerDashboardService(em),
    sellerStore: new SellerStoreService(em),
    sellerPayouts: new SellerPayoutsService(em, payments),
    adminSellers: new AdminSellersService(em),
    platformSettings: new PlatformSettingsService(em),
    cart: new CartService(em),
    coupons: new CouponsService(em),
    orders: new OrdersService(em, payments),
    checkout: new CheckoutService(em, payments),
    licences: new LicencesService(em),
    bookings: new BookingsService(em, payments),
  };
  return services;
}
