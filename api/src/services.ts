import type { EntityManager } from '@mikro-orm/postgresql';
import { AdminUsersService } from './modules/admin/admin-users.service';
import { AuthService } from './modules/auth/auth.service';
import { CertificatesService } from './modules/certificates/certificates.service';
import { CourseContentService } from './modules/courses/course-content.service';
import { CourseTaxonomyService } from './modules/courses/course-taxonomy.service';
import { CoursesService } from './modules/courses/courses.service';
import { LearningService } from './modules/learning/learning.service';
import { ResourcesService } from './modules/resources/resources.service';
import { UsersService } from './modules/users/users.service';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { Storage } from './storage/storage';

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
}

export function createServices(em: EntityManager, storage: Storage, payments: PaymentProvider): Services {
  void payments; // used by the cart, checkout and seller-payout services
  const services: Services = {
    auth: new AuthService(em),
    users: new UsersService(em, storage),
    adminUsers: new AdminUsersService(em),
    certificates: new CertificatesService(em),
    // Course completion issues the certificate through this request's certificates service.
    learning: new LearningService(em, () => services.certificates),
    courses: new CoursesService(em),
    courseContent: new CourseContentService(em),
    courseTaxonomy: new CourseTaxonomyService(em),
    resources: new ResourcesService(em),
  };
  return services;
}
