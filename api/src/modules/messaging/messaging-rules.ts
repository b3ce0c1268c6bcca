import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import type { Viewer } from '../auth';
import { bookingParties, hasBookingBetween } from '../bookings';
import { acceptsInquiries } from '../instructors';
import { hasPaidOrderFrom, orderSoldBy, paidOrderBuyer } from '../orders';
import { holdsResource, resourceSellerAndStatus } from '../resources';
import { hasRole, userExists } from '../users';
import { isUuid } from '../../lib/ids';
import { ConversationContextKind } from './messaging.types';

/**
 * Who may message whom (docs/messaging.md), the one place these rules live. Every check is a
 * query of the caller's EntityManager, so inside a transaction it sees that transaction's rows.
 *
 * - Staff (admins) may start a conversation with anyone; blocks do not stop them.
 * - A member may start one with an instructor who accepts inquiries or with whom they have a
 *   booking; with a seller whose resource they bought, or about a published resource of that seller.
 * - An instructor or seller may start one with their own client or buyer (a booking or order, or
 *   a resource the recipient bought).
 * - Anyone may reply in a conversation they are in.
 * - A block, either way, stops both starting and sending (BLOCKED).
 */

export type ParticipantRole = 'member' | 'instructor' | 'seller' | 'buyer' | 'staff';

export interface ContextRef {
  kind: ConversationContextKind;
  id: string;
}

/** Who may start: the roles the two get in the new conversation. */
export interface StartDecision {
  senderRole: ParticipantRole;
  recipientRole: ParticipantRole;
}

export const BLOCKED_MESSAGE = 'You cannot message this person';
const NOT_ALLOWED = 'You cannot start a conversation with this person';

export const isStaffViewer = (viewer: Viewer) => hasRole(viewer, 'admin');

/** A block between the two, either way: `byMe` (I blocked them), `me` (they blocked me). */
export async function blocksBetween(
  em: EntityManager,
  userId: string,
  otherIds: string[],
): Promise<{ byMe: boolean; me: boolean }> {
  if (otherIds.length === 0) return { byMe: false, me: false };
  const rows = await em.execute<{ by_me: boolean; me: boolean }[]>(
    `select
       exists (select 1 from user_blocks where blocker_id = ? and blocked_id = any(string_to_array(?, ',')::uuid[])) as by_me,
       exists (select 1 from user_blocks where blocked_id = ? and blocker_id = any(string_to_array(?, ',')::uuid[])) as me`,
    [userId, otherIds.join(','), userId, otherIds.join(',')],
  );
  return { byMe: rows[0].by_me, me: rows[0].me };
}

/** BLOCKED when a block stands between the sender and any of the others (staff are not stopped). */
export async function assertNotBlocked(em: EntityManager, sender: Viewer, otherIds: string[]): Promise<void> {
  if (isStaffViewer(sender)) return;
  const blocks = await blocksBetween(em, sender.id, otherIds);
  if (blocks.me) throw new DomainError('BLOCKED', BLOCKED_MESSAGE);
  if (blocks.byMe)
    throw new DomainError('BLOCKED', 'You blocked this person. Unblock them to send a message.');
}

/**
 * Whether `sender` may start a conversation with `recipientId` about `context`: the two roles, or
 * a DomainError (NOT_FOUND, INVALID_INPUT, FORBIDDEN, BLOCKED) saying why not.
 */
export async function decideStart(
  em: EntityManager,
  sender: Viewer,
  recipientId: string,
  context: ContextRef | null,
): Promise<StartDecision> {
  if (!recipientId?.trim()) throw new DomainError('INVALID_INPUT', 'recipientId is required', 'recipientId');
  if (!isUuid(recipientId)) throw new DomainError('NOT_FOUND', 'This person was not found', 'recipientId');
  if (recipientId === sender.id) {
    throw new DomainError('INVALID_INPUT', 'You cannot message yourself', 'recipientId');
  }
  if (!(await userExists(em, recipientId)))
    throw new DomainError('NOT_FOUND', 'This person was not found', 'recipientId');
  if (context && !isUuid(context.id)) throw new DomainError('NOT_FOUND', 'Not found', 'context');

  await assertNotBlocked(em, sender, [recipientId]);

  const decision = context
    ? await byContext(em, sender.id, recipientId, context)
    : await withoutContext(em, sender.id, recipientId);
  if (decision) return decision;
  if (isStaffViewer(sender)) return { senderRole: 'staff', recipientRole: 'member' };
  throw new DomainError('FORBIDDEN', NOT_ALLOWED, 'recipientId');
}

async function byContext(
  em: EntityManager,
  senderId: string,
  recipientId: string,
  context: ContextRef,
): Promise<StartDecision | null> {
  switch (context.kind) {
    case ConversationContextKind.INSTRUCTOR: {
      if (context.id !== recipientId) {
        throw new DomainError('INVALID_INPUT', 'An inquiry goes to the instructor of the profile', 'context');
      }
      if ((await acceptsInquiries(em, recipientId)) || (await hasBookingBetween(em, senderId, recipientId))) {
        return { senderRole: 'member', recipientRole: 'instructor' };
      }
      return null;
    }
    case ConversationContextKind.BOOKING: {
      const booking = await bookingParties(em, context.id);
      if (!booking) throw new DomainError('NOT_FOUND', 'This booking was not found', 'context');
      if (booking.clientId === senderId && booking.instructorId === recipientId) {
        return { senderRole: 'member', recipientRole: 'instructor' };
      }
      if (booking.instructorId === senderId && booking.clientId === recipientId) {
        return { senderRole: 'instructor', recipientRole: 'member' };
      }
      return null;
    }
    case ConversationContextKind.RESOURCE: {
      const resource = await resourceSellerAndStatus(em, context.id);
      if (!resource) throw new DomainError('NOT_FOUND', 'This resource was not found', 'context');
      const owns = (userId: string) => holdsResource(em, userId, context.id);
      if (resource.sellerId === recipientId && (resource.status === 'published' || (await owns(senderId)))) {
        return { senderRole: 'buyer', recipientRole: 'seller' };
      }
      if (resource.sellerId === senderId && (await owns(recipientId))) {
        return { senderRole: 'seller', recipientRole: 'buyer' };
      }
      return null;
    }
    case ConversationContextKind.ORDER: {
      const buyerId = await paidOrderBuyer(em, context.id);
      if (!buyerId) throw new DomainError('NOT_FOUND', 'This order was not found', 'context');
      const sells = (sellerId: string) => orderSoldBy(em, context.id, sellerId);
      if (buyerId === senderId && (await sells(recipientId))) {
        return { senderRole: 'buyer', recipientRole: 'seller' };
      }
      if (buyerId === recipientId && (await sells(senderId))) {
        return { senderRole: 'seller', recipientRole: 'buyer' };
      }
      return null;
    }
  }
}

// Whether two people are instructor and client, or buyer and seller, is their owners' rule:
// bookings (a booking made between them), orders (a paid order with a line of the seller's).
async function withoutContext(
  em: EntityManager,
  senderId: string,
  recipientId: string,
): Promise<StartDecision | null> {
  if ((await acceptsInquiries(em, recipientId)) || (await hasBookingBetween(em, senderId, recipientId))) {
    return { senderRole: 'member', recipientRole: 'instructor' };
  }
  if (await hasBookingBetween(em, recipientId, senderId))
    return { senderRole: 'instructor', recipientRole: 'member' };
  if (await hasPaidOrderFrom(em, senderId, recipientId))
    return { senderRole: 'buyer', recipientRole: 'seller' };
  if (await hasPaidOrderFrom(em, recipientId, senderId))
    return { senderRole: 'seller', recipientRole: 'buyer' };
  return null;
}
