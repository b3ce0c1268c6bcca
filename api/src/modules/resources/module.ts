import { defineModule } from '../../lib/define-module';
import { ResourcesService } from './resources.service';
import { ResourceAuthoringService } from './resource-authoring.service';
import { DownloadEvent } from './download-event.entity';
import { Entitlement } from './entitlement.entity';
import { resourceAuthoringPermissions } from './resource-authoring.permissions';
import { ResourceAuthoringResolver } from './resource-authoring.resolver';
import { ResourceCategory } from './resource-category.entity';
import { ResourceFile } from './resource-file.entity';
import { Resource } from './resource.entity';
import { resourcesPermissions } from './resources.permissions';
import { resourcesResolvers } from './resources.resolver';
import { resourcesRoutes } from './resources.routes';
import { Review } from './review.entity';
import { SellerProfile } from './seller-profile.entity';
import { requireScope } from '../api-tokens';
import { resourceDownloadRoute } from './resource-download.route';
import { resourceThumbnailRoute } from './resource-thumbnail.route';

/** The resources module's contribution to the app (listed in `modules/index.ts`). */
export const resourcesModule = defineModule({
  name: 'resources',
  services: {
    resources: ({ em }) => new ResourcesService(em),
    resourceAuthoring: ({ em }) => new ResourceAuthoringService(em),
  },
  resolvers: [...resourcesResolvers, ResourceAuthoringResolver],
  permissions: [resourcesPermissions, resourceAuthoringPermissions],
  graphRoutes: resourcesRoutes,
  entities: [ResourceCategory, SellerProfile, Resource, ResourceFile, Review, Entitlement, DownloadEvent],
  restHandlers: ({ router, createContext }) => {
    router.get(
      ['/resources/:id/download', '/curriculum/:id/download'],
      requireScope('orders:read'),
      resourceDownloadRoute(createContext),
    );
    router.get(
      '/resources/:id/thumbnail',
      requireScope('catalog:read'),
      resourceThumbnailRoute(createContext),
    );
  },
});

declare module '../../services' {
  interface Services {
    resources: ResourcesService;
    resourceAuthoring: ResourceAuthoringService;
  }
}
