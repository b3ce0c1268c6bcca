import { defineModule } from '../../lib/define-module';
import { UploadsService } from './uploads.service';
import { Upload } from './upload.entity';
import { uploadsPermissions } from './uploads.permissions';
import { UploadsResolver } from './uploads.resolver';
import { requireScope } from '../api-tokens';
import { uploadRoute } from './upload.route';
import './abandoned-uploads.jobs';

/** The uploads module's contribution to the app (listed in `modules/index.ts`). */
export const uploadsModule = defineModule({
  name: 'uploads',
  services: {
    uploads: ({ em }) => new UploadsService(em),
  },
  resolvers: [UploadsResolver],
  permissions: [uploadsPermissions],
  entities: [Upload],
  restHandlers: ({ router, createContext }) => {
    router.post('/upload', requireScope('resources:write'), uploadRoute(createContext));
  },
});

declare module '../../services' {
  interface Services {
    uploads: UploadsService;
  }
}
