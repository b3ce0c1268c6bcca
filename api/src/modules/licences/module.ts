import { defineModule } from '../../lib/define-module';
import { LicencesService } from './licences.service';
import { licencesPermissions } from './licences.permissions';
import { licencesResolvers } from './licences.resolver';
import { licencesRoutes } from './licences.routes';

/** The licences module's contribution to the app (listed in `modules/index.ts`). */
export const licencesModule = defineModule({
  name: 'licences',
  services: {
    licences: ({ em }) => new LicencesService(em),
  },
  resolvers: licencesResolvers,
  permissions: [licencesPermissions],
  graphRoutes: licencesRoutes,
});

declare module '../../services' {
  interface Services {
    licences: LicencesService;
  }
}
