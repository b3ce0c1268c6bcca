import type { EntityManager } from '@mikro-orm/postgresql';
import { AdminUsersService } from './modules/admin/admin-users.service';
import { AuthService } from './modules/auth/auth.service';
import { CertificatesService } from './modules/certificates/certificates.service';
import { UsersService } from './modules/users/users.service';
import type { Storage } from './storage/storage';

/** The business services of one request, sharing its EntityManager. */
export interface Services {
  auth: AuthService;
  users: UsersService;
  adminUsers: AdminUsersService;
  certificates: CertificatesService;
}

export function createServices(em: EntityManager, storage: Storage): Services {
  return {
    auth: new AuthService(em),
    users: new UsersService(em, storage),
    adminUsers: new AdminUsersService(em),
    certificates: new CertificatesService(em),
  };
}
