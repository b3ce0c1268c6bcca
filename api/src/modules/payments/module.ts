import { defineModule } from '../../lib/define-module';
import { ProcessedWebhookEvent } from './processed-webhook-event.entity';

/** The payments module's contribution to the app (listed in `modules/index.ts`). */
export const paymentsModule = defineModule({
  name: 'payments',
  entities: [ProcessedWebhookEvent],
});
