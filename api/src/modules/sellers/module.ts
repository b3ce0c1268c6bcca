import { defineModule } from '../../lib/define-module';
import { SellerDashboardService } from './seller-dashboard.service';
import { SellerStoreService } from './seller-store.service';
import { SellerPayoutsService } from './seller-payouts.service';
import { AdminSellersService } from './admin-sellers.service';
import { PlatformSettingsService } from './platform-settings.service';
import { PlatformSetting } from './platform-setting.entity';
import { SellerEarning } from './seller-earning.entity';
import { SellerTransfer } from './seller-transfer.entity';
import { SellerPayout } from './seller-payout.entity';
import { PayoutsResolver, payoutsPermissions } from './payouts.resolver';
import { SellerTransferFieldsResolver, SellerTransfersResolver } from './seller-transfers.resolver';
import { sellersPermissions } from './sellers.permissions';
import { sellerTransfersPermissions } from './seller-transfers.permissions';
import { sellersResolvers } from './sellers.resolver';
import { sellersRoutes } from './sellers.routes';
import './earnings.jobs';
import './transfers.jobs';

/** The sellers module's contribution to the app (listed in `modules/index.ts`). */
export const sellersModule = defineModule({
  name: 'sellers',
  services: {
    sellerDashboard: ({ em }) => new SellerDashboardService(em),
    sellerStore: ({ em }) => new SellerStoreService(em),
    sellerPayouts: ({ em, payments }) => new SellerPayoutsService(em, payments),
    adminSellers: ({ em }) => new AdminSellersService(em),
    platformSettings: ({ em }) => new PlatformSettingsService(em),
  },
  resolvers: [...sellersResolvers, SellerTransfersResolver, SellerTransferFieldsResolver, PayoutsResolver],
  permissions: [sellersPermissions, sellerTransfersPermissions, payoutsPermissions],
  graphRoutes: sellersRoutes,
  entities: [SellerEarning, SellerTransfer, SellerPayout, PlatformSetting],
});

declare module '../../services' {
  interface Services {
    sellerDashboard: SellerDashboardService;
    sellerStore: SellerStoreService;
    sellerPayouts: SellerPayoutsService;
    adminSellers: AdminSellersService;
    platformSettings: PlatformSettingsService;
  }
}
