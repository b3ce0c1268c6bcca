import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import type { Viewer } from '../auth';
import { hasRole } from '../users';
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

/** Booking statuses that make two people instructor and client (a lapsed hold does not). */
const BOOKING_TIES = `('requested', 'confirmed', 'completed', 'no_show', 'canceled', 'declined')`;
/** Orders that were paid (a refunded one was too). */
const PAID_ORDERS = `('paid', 'refunded')`;

export const isStaffViewer = (viewer: Viewer) => hasRole(viewer, 'admin');

async function exists(em: EntityManager, sql: string, params: unknown[]): Promise<boolean> {
  const rows = await em.execute<{ ok: boolean }[]>(`select exists (${sql}) as ok`, params);
  return rows[0]?.ok === true;
}

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

const bookingBetween = (em: EntityManager, clientId: string, instructorId: string) =>
  exists(
    em,
    `select 1 from bookings where client_id = ? and instructor_id = ? and status in ${BOOKING_TIES}`,
    [clientId, instructorId],
  );

const acceptsInquiries = (em: EntityManager, instructorId: string) =>
  exists(
    em,
    `select 1 from instructor_profiles where user_id = ? and status = 'approved' and accepts_inquiries`,
    [instructorId],
  );

const boughtFrom = (em: EntityManager, buyerId: string, sellerId: string) =>
  exists(
    em,
    `select 1 from orders o join order_lines l on l.order_id = o.id
      where o.user_id = ? and l.seller_id = ? and o.status in ${PAID_ORDERS}`,
    [buyerId, sellerId],
  );

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
  const recipient = await em.execute<{ id: string }[]>(`select id from users where id = ?`, [recipientId]);
  if (recipient.length === 0) throw new DomainError('NOT_FOUND', 'This person was not found', 'recipientId');
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
      if ((await acceptsInquiries(em, recipientId)) || (await bookingBetween(em, senderId, recipientId))) {
        return { senderRole: 'member', recipientRole: 'instructor' };
      }
      return null;
    }
    case ConversationContextKind.BOOKING: {
      const [booking] = await em.execute<{ client_id: string; instructor_id: string }[]>(
        `select client_id, instructor_id from bookings where id = ? and status in ${BOOKING_TIES}`,
        [context.id],
      );
      if (!booking) throw new DomainError('NOT_FOUND', 'This booking was not found', 'context');
      if (booking.client_id === senderId && booking.instructor_id === recipientId) {
        return { senderRole: 'member', recipientRole: 'instructor' };
      }
      if (booking.instructor_id === senderId && booking.client_id === recipientId) {
        return { senderRole: 'instructor', recipientRole: 'member' };
      }
      return null;
    }
    case ConversationContextKind.RESOURCE: {
      const [resource] = await em.execute<{ seller_id: string; status: string }[]>(
        `select seller_id, status from resources where id = ?`,
        [context.id],
      );
      if (!resource) throw new DomainError('NOT_FOUND', 'This resource was not found', 'context');
      const owns = (userId: string) =>
        exists(em, `select 1 from entitlements where user_id = ? and resource_id = ?`, [userId, context.id]);
      if (resource.seller_id === recipientId && (resource.status === 'published' || (await owns(senderId)))) {
        return { senderRole: 'buyer', recipientRole: 'seller' };
      }
      if (resource.seller_id === senderId && (await owns(recipientId))) {
        return { senderRole: 'seller', recipientRole: 'buyer' };
      }
      return null;
    }
    case ConversationContextKind.ORDER: {
      const [order] = await em.execute<{ user_id: string }[]>(
        `select user_id from orders where id = ? and status in ${PAID_ORDERS}`,
        [context.id],
      );
      if (!order) throw new DomainError('NOT_FOUND', 'This order was not found', 'context');
      const sells = (sellerId: string) =>
        exists(em, `select 1 from order_lines where order_id = ? and seller_id = ?`, [context.id, sellerId]);
      if (order.user_id === senderId && (await sells(recipientId))) {
        return { senderRole: 'buyer', recipientRole: 'seller' };
      }
      if (order.user_id === recipientId && (await sells(senderId))) {
        return { senderRole: 'seller', recipientRole: 'buyer' };
      }
      return null;
    }
  }
}

async function withoutContext(
  em: EntityManager,
  senderId: string,
  recipientId: string,
): Promise<StartDecision | null> {
  if ((await acceptsInquiries(em, recipientId)) || (await bookingBetween(em, senderId, recipientId))) {
    return { senderRole: 'member', recipientRole: 'instructor' };
  }
  if (await bookingBetween(em, recipientId, senderId))
    return { senderRole: 'instructor', recipientRole: 'member' };
  if (await boughtFrom(em, senderId, recipientId)) return { senderRole: 'buyer', recipientRole: 'seller' };
  if (await boughtFrom(em, recipientId, senderId)) return { senderRole: 'seller', recipientRole: 'buyer' };
  return null;
}
