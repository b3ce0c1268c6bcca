import { defineModule } from '../../lib/define-module';
import { zipcodeLookupRoute } from './zipcode-lookup.route';

/** The locations module's contribution to the app (listed in `modules/index.ts`). */
export const locationsModule = defineModule({
  name: 'locations',
  restHandlers: ({ router, pool }) => {
    router.use(zipcodeLookupRoute(pool));
  },
});
