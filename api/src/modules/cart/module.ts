import { defineModule } from '../../lib/define-module';
import { CartService } from './cart.service';
import { CartItem } from './cart-item.entity';
import { cartPermissions } from './cart.permissions';
import { CartResolver } from './cart.resolver';
import { cartRoutes } from './cart.routes';

/** The cart module's contribution to the app (listed in `modules/index.ts`). */
export const cartModule = defineModule({
  name: 'cart',
  services: {
    cart: ({ em }) => new CartService(em),
  },
  resolvers: [CartResolver],
  permissions: [cartPermissions],
  graphRoutes: cartRoutes,
  entities: [CartItem],
});

declare module '../../services' {
  interface Services {
    cart: CartService;
  }
}
