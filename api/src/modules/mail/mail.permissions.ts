import { isAdmin } from '../../graphql/rules';

/** The outbox holds every member's mail (links, bookings): admins only. */
export const mailPermissions = {
  Query: {
    adminMailOutbox: isAdmin,
    adminMailOutboxMessage: isAdmin,
  },
  OutboxMail: isAdmin,
  OutboxAttachment: isAdmin,
  OutboxMailConnection: isAdmin,
  OutboxMailEdge: isAdmin,
};
