import { defineModule } from '../../lib/define-module';
import { PlatformSetting } from './platform-setting.entity';
import { SellerEarning } from './seller-earning.entity';
import { sellersPermissions } from './sellers.permissions';
import { sellersResolvers } from './sellers.resolver';
import { sellersRoutes } from './sellers.routes';
import './earnings.jobs';

/** The sellers module's contribution to the app (listed in `modules/index.ts`). */
export const sellersModule = defineModule({
  name: 'sellers',
  resolvers: sellersResolvers,
  permissions: [sellersPermissions],
  graphRoutes: sellersRoutes,
  entities: [SellerEarning, PlatformSetting],
});
