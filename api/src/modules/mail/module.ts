import { defineModule } from '../../lib/define-module';
import { mailPermissions } from './mail.permissions';
import { MailResolver } from './mail.resolver';
import { requireScope } from '../api-tokens';
import { outboxAttachmentRoute } from './outbox-attachment.route';
import './mail';

/**
 * The mail module's contribution to the app (listed in `modules/index.ts`); `mail.ts` declares the
 * outbox's sending jobs.
 */
export const mailModule = defineModule({
  name: 'mail',
  resolvers: [MailResolver],
  permissions: [mailPermissions],
  restHandlers: ({ router, createContext }) => {
    router.get(
      '/admin/outbox/:id/attachments/:index',
      requireScope('admin'),
      outboxAttachmentRoute(createContext),
    );
  },
});
