import type { EntityManager } from '@mikro-orm/postgresql';
import { reinstateCertificatesAfterRefund, revokeCertificatesForRefund } from '../certificates';
import { memberOnlyCourseSql } from '../courses';
import {
  closeEnrollmentAccess,
  grantEnrollment,
  isEnrolled,
  lockEnrollments,
  moveEnrollmentToMembership,
} from '../learning';
import { memberCoursesSql } from '../memberships';
import { liveCourseLineSql } from '../orders';
import { grantStoreEntitlement, removeStoreEntitlement } from '../resources';
import { emitEnrollmentEvent } from '../learning';
import { escapeHtml } from '../mail';
import { sendMail } from '../mail';
import { markEmailVerified } from '../users';
import { storeInviteUrl, verifyStoreInviteToken } from './store-invite';
import { parseDrxSku, type DrxSkuItem } from './store-order-payload';
import {
  claimStoreOrders,
  refundedQuantities,
  type StoredLine,
  storedOrder,
  syncStoreOrderMirrors,
} from './store-orders.service';

/**
 * DRX courses and resources sold in the store (SKU `DRX-COURSE-<uuid>` / `DRX-RESOURCE-<uuid>`):
 * what a store order grants and takes back. One store_entitlement_grants row per (order, line) — the
 * unique index makes a line grant exactly once however often and however concurrently its order's
 * webhooks arrive (every webhook of one order also waits on the order row's lock: store-orders.service).
 *
 * - Paid (financial_status paid / partially_refunded, or the orders/paid topic) and not cancelled:
 *   each DRX line not refunded is granted to the order's account — a course enrolment (source
 *   `store`) or a resource entitlement (source `store`, linked to its grant) — in the webhook's
 *   transaction. Without an account for the buyer's email the grant waits (`pending`) and the buyer
 *   is mailed an invitation to register, a link carrying a token signed for their email
 *   (store-invite.ts). Registering with that email and that token claims it, or a signed-in member
 *   with that email claims it with the token later, or verifies the email (claimPendingStoreGrants,
 *   claimStoreForVerifiedEmail). Merely registering with the buyer's address claims nothing: an
 *   order goes only to the account that verified its email (store-orders.service.ts).
 * - Cancelled, refunded or voided, or a line refunded in full: the grant is revoked and its access
 *   removed as a DRX refund removes it — the grant's entitlement row is deleted (rows from other
 *   orders, licences or staff grants stay), and the course enrolment keeps its progress but gets
 *   `access_revoked_at` unless another granted store line or a live DRX order line (its order paid or
 *   refunded only in part, the line neither refunded nor disputed) still gives the course;
 *   certificates follow the access (certificate-refunds.ts). A revoked line is never granted again.
 */

const PAID_STATUSES = new Set(['paid', 'partially_refunded']);
const CLOSED_STATUSES = new Set(['refunded', 'voided']);

export interface StoreEntitlementSettings {
  /** The site's public address (links in the invitation). */
  publicUrl: string;
  /** The store's name, for the invitation; null when unknown. */
  shopName: string | null;
  /** The key of the invitation's token (config.sessionSecret; store-invite.ts). */
  inviteSecret: string;
}

/** An invitation token offered to claim pending grants, and the key it must be signed with. */
export interface StoreInviteClaim {
  token: string | null | undefined;
  secret: string;
}

export interface StoreEntitlementOutcome {
  granted: number;
  pending: number;
  revoked: number;
}

interface GrantRow {
  id: string;
  status: 'pending' | 'granted' | 'revoked';
  user_id: string | null;
  item_type: 'course' | 'resource';
  item_id: string;
}

/**
 * Brings the order's grants in line with its stored state (inside the webhook's transaction, after
 * the order row was written and locked). `paidTopic`: the webhook was orders/paid and its payload
 * was applied. Idempotent.
 */
export async function applyStoreOrderEntitlements(
  em: EntityManager,
  orderId: string,
  settings: StoreEntitlementSettings,
  options: { paidTopic?: boolean } = {},
): Promise<StoreEntitlementOutcome> {
  const outcome: StoreEntitlementOutcome = { granted: 0, pending: 0, revoked: 0 };
  const order = await storedOrder(em, orderId);
  if (!order) return outcome;
  const drxLines = (order.lines ?? []).flatMap((line) => {
    const item = parseDrxSku(line.sku);
    return item ? [{ line, item }] : [];
  });
  if (!drxLines.length) return outcome;

  const status = order.financial_status ?? '';
  const closed = order.cancelled_at !== null || CLOSED_STATUSES.has(status);
  const refunded = refundedQuantities(order.refunds);
  const revoke = drxLines.filter(({ line }) => closed || (refunded.get(line.id) ?? 0) >= line.quantity);
  if (revoke.length) {
    outcome.revoked = await revokeStoreGrants(
      em,
      orderId,
      revoke.map(({ line }) => line.id),
    );
  }
  const paid = !closed && (PAID_STATUSES.has(status) || options.paidTopic === true);
  if (!paid || !order.email) return outcome;

  const newlyPending: { line: StoredLine; item: DrxSkuItem }[] = [];
  for (const entry of drxLines) {
    if (revoke.includes(entry)) continue;
    const grant = await insertGrant(em, orderId, order.email, order.user_id, entry.line, entry.item);
    if (!grant) continue;
    if (grant.status === 'granted') {
      await giveAccess(em, grant);
      outcome.granted++;
    } else {
      newlyPending.push(entry);
      outcome.pending++;
    }
  }
  if (newlyPending.length) await sendInvitation(em, order.email, orderId, newlyPending, settings);
  return outcome;
}

/** The grant of one line, when this call created it (null: it existed, or the item does not). */
async function insertGrant(
  em: EntityManager,
  orderId: string,
  email: string,
  userId: string | null,
  line: StoredLine,
  item: DrxSkuItem,
): Promise<GrantRow | null> {
  const table = item.itemType === 'course' ? 'courses' : 'resources';
  const rows = await em.execute<GrantRow[]>(
    `insert into store_entitlement_grants
       (order_id, line_id, sku, item_type, item_id, email, user_id, status, invited_at, granted_at)
     select ?, ?, ?, ?, i.id, ?, ?::uuid,
       case when ?::uuid is null then 'pending' else 'granted' end,
       case when ?::uuid is null then now() end,
       case when ?::uuid is null then null else now() end
     from ${table} i where i.id = ?
     on conflict (order_id, line_id) do nothing
     returning id, status, user_id, item_type, item_id`,
    [
      orderId,
      line.id,
      line.sku!.slice(0, 100),
      item.itemType,
      email,
      userId,
      userId,
      userId,
      userId,
      item.itemId,
    ],
  );
  return rows[0] ?? null;
}

/** Opens the grant's course or resource to its user (a granted row). */
async function giveAccess(em: EntityManager, grant: GrantRow): Promise<void> {
  const userId = grant.user_id!;
  if (grant.item_type === 'course') {
    // A course they already have stays as it is; one a refund closed, or one open only through
    // the membership, is theirs now through the store.
    // Open access before (a membership's): the store takes it over, but no course access is new.
    const openBefore = await isEnrolled(em, userId, grant.item_id);
    const enrolled = await grantEnrollment(em, {
      userId,
      courseId: grant.item_id,
      source: 'store',
      overMembership: true,
    });
    await reinstateCertificatesAfterRefund(em, userId, [grant.item_id]);
    if (enrolled && !openBefore) {
      await emitEnrollmentEvent(em, 'enrollment.created', { userId, courseId: grant.item_id });
    }
  } else {
    await grantStoreEntitlement(em, userId, grant.item_id, grant.id);
  }
}

/** Revokes the order's grants of these lines; returns how many were revoked now. */
async function revokeStoreGrants(em: EntityManager, orderId: string, lineIds: string[]): Promise<number> {
  const rows = await em.execute<GrantRow[]>(
    `update store_entitlement_grants set status = 'revoked', revoked_at = now()
     where order_id = ? and line_id in (${lineIds.map(() => '?').join(', ')}) and status <> 'revoked'
     returning id, status, user_id, item_type, item_id`,
    [orderId, ...lineIds],
  );
  for (const grant of rows) {
    if (!grant.user_id) continue;
    if (grant.item_type === 'resource') {
      await removeStoreEntitlement(em, grant.id);
    } else {
      await revokeStoreCourse(em, grant.user_id, grant.item_id);
    }
  }
  return rows.length;
}

/**
 * Closes a course a revoked store line gave, as a DRX refund does (orders
 * refund-takeback.ts): progress kept, `access_revoked_at` set — unless another granted store line or
 * a live DRX order line of the user (orders' `liveCourseLineSql`) still gives it, or the enrolment came another way (free, granted,
 * membership; a member-only course of a current member goes back to its membership). The enrolment
 * row is locked first and the other sources read in the next statements, so two revocations of one
 * course meet on that lock and the second sees the first.
 */
async function revokeStoreCourse(em: EntityManager, userId: string, courseId: string): Promise<void> {
  await lockEnrollments(em, userId, [courseId]);
  // Over the enrolment `e`: no granted store line nor live DRX order line still gives the course.
  const noOtherSource = `not exists (
         select 1 from store_entitlement_grants g
         where g.user_id = e.user_id and g.item_type = 'course' and g.item_id = e.course_id and g.status = 'granted')
       and not ${liveCourseLineSql('e.user_id', 'e.course_id')}`;
  await moveEnrollmentToMembership(
    em,
    userId,
    courseId,
    'store',
    `${noOtherSource} and ${memberOnlyCourseSql('e.course_id')} and ${memberCoursesSql('e.user_id')}`,
  );
  const closed = await closeEnrollmentAccess(em, userId, courseId, ['store', 'purchase'], noOtherSource);
  if (closed) await revokeCertificatesForRefund(em, userId, [courseId]);
}

/**
 * An account takes what the store sold to its email before it existed, once the email is proven to
 * be its own (call inside the registration's, storeClaimInvite's or the email verification's
 * transaction). Returns how many grants it claimed.
 *
 * - With `invite` holding the invitation token of that email (store-invite.ts): the token was mailed
 *   to the address, so holding it proves it — the account's email is marked verified
 *   (`markEmailVerified`) and claims as a verified email does (`claimStoreForVerifiedEmail`).
 * - Without it (no token, a stale one, another email's): nothing. An address typed at registration
 *   proves nothing (anyone can type a shopper's address): the account claims the email's orders and
 *   grants once it verifies the address (account/email-verification.ts).
 */
export async function claimPendingStoreGrants(
  em: EntityManager,
  user: { id: string; email?: string | null },
  invite: StoreInviteClaim,
): Promise<number> {
  const email = user.email?.trim();
  if (!email || !verifyStoreInviteToken(invite.secret, email, invite.token)) return 0;
  if (!(await markEmailVerified(em, user.id, email))) return 0;
  return claimStoreForVerifiedEmail(em, user.id, email);
}

/**
 * What the store sold to a verified email and nobody holds yet goes to its account: the grants
 * pending for the email, the orders they belong to (even one a webhook attached meanwhile to another
 * account), and the email's orders nobody holds.
 */
export async function claimStoreForVerifiedEmail(
  em: EntityManager,
  userId: string,
  email: string,
): Promise<number> {
  // The orders first, as their webhooks lock them before their grants: a refund arriving meanwhile
  // waits for the claim (and then revokes from the claimer), never deadlocks with it.
  await em.execute(
    `select o.id from store_orders o
     where exists (select 1 from store_entitlement_grants g
                   where g.order_id = o.id and g.status = 'pending' and lower(g.email) = lower(?::text))
     order by o.id for update`,
    [email],
  );
  const grants = await em.execute<(GrantRow & { order_id: string })[]>(
    `update store_entitlement_grants set status = 'granted', user_id = ?, granted_at = now()
     where status = 'pending' and lower(email) = lower(?::text)
     returning id, status, user_id, item_type, item_id, order_id`,
    [userId, email],
  );
  const orderIds = [...new Set(grants.map((g) => g.order_id))];
  if (orderIds.length) {
    await em.execute(
      `update store_orders set user_id = ? where id in (${orderIds.map(() => '?').join(', ')})`,
      [userId, ...orderIds],
    );
    await syncStoreOrderMirrors(em, orderIds);
  }
  await claimStoreOrders(em, userId, email);
  for (const grant of grants) await giveAccess(em, grant);
  return grants.length;
}

/**
 * Mails the buyer that what they bought waits for a DRX account with their email. A transactional
 * mail (it answers the buyer's own purchase), so it is not a notification kind they could switch off.
 */
async function sendInvitation(
  em: EntityManager,
  email: string,
  orderId: string,
  entries: { line: StoredLine; item: DrxSkuItem }[],
  settings: StoreEntitlementSettings,
): Promise<void> {
  const [order] = await em.execute<{ name: string }[]>(`select name from store_orders where id = ?`, [
    orderId,
  ]);
  const courseIds = entries.filter((e) => e.item.itemType === 'course').map((e) => e.item.itemId);
  const resourceIds = entries.filter((e) => e.item.itemType === 'resource').map((e) => e.item.itemId);
  const titles = new Map<string, string>();
  for (const [table, ids] of [
    ['courses', courseIds],
    ['resources', resourceIds],
  ] as const) {
    if (!ids.length) continue;
    const rows = await em.execute<{ id: string; title: string }[]>(
      `select id, title from ${table} where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows) titles.set(row.id, row.title);
  }
  const items = entries.map(({ line, item }) => ({
    kind: item.itemType === 'course' ? 'Course' : 'Resource',
    title: titles.get(item.itemId) ?? line.title,
  }));
  const link = storeInviteUrl(settings.publicUrl, settings.inviteSecret, email);
  const from = settings.shopName ? ` from ${settings.shopName}` : '';
  const orderName = order?.name ?? '';
  const subject = 'Your DRX purchase is waiting for you';
  const text =
    `Thank you for your order ${orderName}${from}.\n\n` +
    `It includes DRX learning material:\n` +
    items.map((i) => `- ${i.kind}: ${i.title}`).join('\n') +
    `\n\nCreate your free DRX account with this email address (${email}) and it will be there for you:\n${link}\n\n` +
    `Already registered with this email address? Sign in to DRX first, then open the link.\n\n` +
    `Already have a DRX account under another email address? Reply to this email and we will move it for you.\n`;
  const html =
    `<p>Thank you for your order ${escapeHtml(orderName)}${settings.shopName ? ` from ${escapeHtml(settings.shopName)}` : ''}.</p>` +
    `<p>It includes DRX learning material:</p><ul>` +
    items.map((i) => `<li>${escapeHtml(i.kind)}: ${escapeHtml(i.title)}</li>`).join('') +
    `</ul><p>Create your free DRX account with this email address (${escapeHtml(email)}) and it will be there for you:</p>` +
    `<p><a href="${escapeHtml(link)}">Create my DRX account</a></p>` +
    `<p>Already registered with this email address? Sign in to DRX first, then open the link.</p>` +
    `<p>Already have a DRX account under another email address? Reply to this email and we will move it for you.</p>`;
  await sendMail(em, { to: email, subject, text, html });
}
