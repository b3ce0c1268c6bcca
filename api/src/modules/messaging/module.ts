import { defineModule } from '../../lib/define-module';
import { messagingPermissions } from './messaging.permissions';
import { messagingResolvers } from './messaging.resolver';
import { messageAttachmentRoute, messagingRoutes } from './messaging.routes';
import { requireScope } from '../api-tokens';
import { registerReportedMessagesSql } from '../inbox';
import { reportedMessagesSql } from './reported-messages-sql';

// The staff inbox shows and copies the reported messages through this (inbox/reported-messages.ts).
registerReportedMessagesSql(reportedMessagesSql);

/** The messaging module's contribution to the app (listed in `modules/index.ts`). */
export const messagingModule = defineModule({
  name: 'messaging',
  resolvers: messagingResolvers,
  permissions: [messagingPermissions],
  graphRoutes: messagingRoutes,
  restHandlers: ({ router, createContext }) => {
    router.get(
      '/conversations/:id/attachments/:attachmentId',
      requireScope('messages:read'),
      messageAttachmentRoute(createContext),
    );
  },
});
