import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { type ConnectionShape, toConnection, withCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { Batcher } from '../../lib/batcher';
import {
  buyerLiveLineOfResource,
  buyerOrderLine,
  countLicenceGiven,
  countLicencesTakenSql,
  type LicenceLineRow,
  lockBuyer,
  lockOrderAndLine,
  OrderLine,
  orderLineBuyers,
  orderLineLive,
  shareLockLiveOrder,
} from '../orders';
import {
  deleteLicenceSql,
  Entitlement,
  giveLicenceEntitlement,
  holdsOrSellsResource,
  licenceEntitlements,
} from '../resources';
import { type User, userByUsername, userContacts } from '../users';
import { isUuid } from '../../lib/ids';
import { licencesToGive } from './licence-label';
import type { LicenceHolder, ReceivedLicence } from './licences.types';

export const LICENCE_MESSAGES = {
  noUsername: 'Enter the username of the colleague to give a licence to',
  noTarget: 'Say which order line or resource the licence is of',
  lineNotFound: 'Order line not found',
  notBought: 'You have not bought this resource',
  course: 'A course is one seat per buyer: it has no licences to give',
  notPaid: 'Licences can be given once the order is paid',
  unknownUser: 'No member has that username',
  yourself: 'You cannot give a licence to yourself: one licence is already yours',
  noneLeft: 'No licence left to give: every licence of this purchase is in use',
  alreadyHas: (username: string) => `${username} already has this resource`,
  notHolder: (username: string) => `${username} has no licence from this purchase`,
} as const;

const USERNAME_MAX = 50;

type LineRow = LicenceLineRow;

const displayNameOf = (row: { username: string; first_name: string | null }) =>
  row.first_name?.trim() || row.username;

/**
 * Licences: a resource line of quantity N gives its buyer N licences — their own download and
 * N − 1 they can give to colleagues by username. A given licence is an entitlement row (source
 * `licence`) of that line; `order_lines.licences_given` counts them. The database keeps the count:
 * the order row is share-locked while it is paid (a refund waits, or the assignment sees it
 * refunded), the count is raised by a conditional UPDATE (`licences_given < quantity − 1`, and a
 * check constraint), and the entitlement is inserted in the same transaction — so concurrent
 * assignments never give more than the line has. A refund deletes the licences with the order's
 * other entitlements (`takeBackLines`, orders/refund-takeback.ts).
 */
export class LicencesService {
  private readonly holdersLoader = new Batcher<LicenceHolder[]>((ids) => this.loadHolders(ids));

  constructor(private readonly em: EntityManager) {}

  /** Gives one licence of my paid resource line (or of my line of a resource) to a colleague. */
  async assign(
    buyer: User,
    input: { orderLineId?: string | null; resourceId?: string | null; username: string },
  ): Promise<OrderLine> {
    const username = (input.username ?? '').trim();
    if (!username) throw new DomainError('INVALID_INPUT', LICENCE_MESSAGES.noUsername, 'username');
    const line = input.orderLineId
      ? await this.myLine(buyer, input.orderLineId)
      : await this.myLineOfResource(buyer, input.resourceId);
    if (line.item_type !== 'resource') {
      throw new DomainError('INVALID_INPUT', LICENCE_MESSAGES.course, 'orderLineId');
    }
    if (!line.live) throw new DomainError('CONFLICT', LICENCE_MESSAGES.notPaid, 'orderLineId');

    const colleague = username.length <= USERNAME_MAX ? await userByUsername(this.em, username) : null;
    if (!colleague) throw new DomainError('NOT_FOUND', LICENCE_MESSAGES.unknownUser, 'username');
    if (colleague.id === buyer.id)
      throw new DomainError('INVALID_INPUT', LICENCE_MESSAGES.yourself, 'username');
    // For the message only; the insert below is the guard.
    if (await this.hasAccess(colleague.id, line.item_id)) {
      throw new DomainError('ALREADY_OWNED', LICENCE_MESSAGES.alreadyHas(colleague.username), 'username');
    }

    await this.em.transactional(async (tem) => {
      // 0. The colleague's buyer lock, as their own checkout and fulfilment take it first: a purchase
      // of theirs and this licence never decide at the same time (nothing is paid for twice), and
      // two buyers' licences for one colleague wait for each other.
      await lockBuyer(tem, colleague.id);
      // 1. The order stays as it is until this commits (a refund's UPDATE waits for the share lock);
      // the line's own refund or suspension is checked by the guard below.
      if (!(await shareLockLiveOrder(tem, line.order_id, buyer.id)))
        throw new DomainError('CONFLICT', LICENCE_MESSAGES.notPaid, 'orderLineId');
      // 2. The guard: one more licence given only while one is left (the row lock serialises).
      if (!(await countLicenceGiven(tem, line.id)))
        throw new DomainError('CONFLICT', LICENCE_MESSAGES.noneLeft, 'orderLineId');
      // 3. One access per colleague and resource (the colleague's lock above serialises the givers).
      const given = await giveLicenceEntitlement(tem, {
        id: randomUUID(),
        userId: colleague.id,
        orderId: line.order_id,
        orderLineId: line.id,
        resourceId: line.item_id,
      });
      if (!given) {
        throw new DomainError('ALREADY_OWNED', LICENCE_MESSAGES.alreadyHas(colleague.username), 'username');
      }
    });
    return this.em.findOneOrFail(OrderLine, { id: line.id }, { refresh: true });
  }

  /** Takes back a licence I gave from one of my lines (the count goes down with the row). */
  async revoke(buyer: User, input: { orderLineId: string; username: string }): Promise<OrderLine> {
    const username = (input.username ?? '').trim();
    if (!username) throw new DomainError('INVALID_INPUT', LICENCE_MESSAGES.noUsername, 'username');
    const line = await this.myLine(buyer, input.orderLineId);
    await this.em.transactional(async (tem) => {
      // The same lock order as an assignment and a refund: order, line, entitlements.
      await lockOrderAndLine(tem, line.order_id, line.id);
      // One statement: the licence (resources' entitlement) deleted and counted back (orders' line).
      const taken = await tem.execute(
        `with taken as (${deleteLicenceSql}) ${countLicencesTakenSql('taken')}`,
        [line.id, username.slice(0, USERNAME_MAX)],
      );
      if (!taken.length) throw new DomainError('NOT_FOUND', LICENCE_MESSAGES.notHolder(username), 'username');
    });
    return this.em.findOneOrFail(OrderLine, { id: line.id }, { refresh: true });
  }

  /** Licences colleagues gave me, newest first. */
  async received(
    user: User,
    first: number,
    after?: string | null,
  ): Promise<ConnectionShape<ReceivedLicence>> {
    const page = await withCursor(after, () =>
      this.em.findByCursor(
        Entitlement,
        { user: user.id, source: 'licence' },
        {
          first,
          after: after ?? undefined,
          orderBy: { createdAt: 'desc', id: 'desc' },
          includeCount: true,
          populate: ['resource'],
        },
      ),
    );
    const connection = toConnection(page);
    const lineIds = connection.nodes.map((e) => e.orderLineId).filter((id): id is string => Boolean(id));
    const buyerOf = await orderLineBuyers(this.em, lineIds);
    const contacts = await userContacts(this.em, [...buyerOf.values()]);
    const edges = connection.edges.map(({ node, cursor }) => {
      const giver = contacts.get(buyerOf.get(node.orderLineId ?? '') ?? '');
      const licence: ReceivedLicence = {
        id: node.id,
        resource: node.resource,
        fromUsername: giver?.username ?? '',
        fromDisplayName: giver ? displayNameOf(giver) : '',
        givenAt: node.createdAt,
        downloadUrl: `/api/resources/${node.resource.id}/download`,
      };
      return { node: licence, cursor };
    });
    return { ...connection, edges, nodes: edges.map((e) => e.node) };
  }

  /** The licences a line bought (its quantity); null for a course. */
  licences(line: OrderLine): number | null {
    return line.itemType === 'resource' ? line.quantity : null;
  }

  /**
   * Licences the buyer can still give (0 unless the line is live: its order paid or refunded only
   * in part, the line itself neither refunded nor suspended); null for a course.
   */
  async licencesLeft(line: OrderLine): Promise<number | null> {
    if (line.itemType !== 'resource') return null;
    return (await orderLineLive(this.em, line.id)) ? licencesToGive(line.quantity, line.licencesGiven) : 0;
  }

  /** The colleagues holding a licence of the line, oldest first; null for a course. */
  async holders(line: OrderLine): Promise<LicenceHolder[] | null> {
    if (line.itemType !== 'resource') return null;
    return this.holdersLoader.load(line.id);
  }

  private async loadHolders(lineIds: string[]): Promise<Map<string, LicenceHolder[]>> {
    const rows = await licenceEntitlements(this.em, lineIds);
    const contacts = await userContacts(
      this.em,
      rows.map((r) => r.user_id),
    );
    const out = new Map<string, LicenceHolder[]>(lineIds.map((id) => [id, []]));
    for (const row of rows) {
      const holder = contacts.get(row.user_id);
      if (!holder) continue;
      out.get(row.order_line_id)?.push({
        username: holder.username,
        displayName: displayNameOf(holder),
        givenAt: new Date(row.created_at),
      });
    }
    return out;
  }

  /** The seller's own resource, or any entitlement to it. */
  private async hasAccess(userId: string, resourceId: string): Promise<boolean> {
    return holdsOrSellsResource(this.em, userId, resourceId);
  }

  /** A line of one of my orders (anyone else's looks unknown). */
  private async myLine(buyer: User, orderLineId: string): Promise<LineRow> {
    const line = isUuid(orderLineId) ? await buyerOrderLine(this.em, buyer.id, orderLineId) : null;
    if (!line) throw new DomainError('NOT_FOUND', LICENCE_MESSAGES.lineNotFound, 'orderLineId');
    return line;
  }

  /** My paid line of a resource with a licence left (the oldest such first; else my oldest paid line of it). */
  private async myLineOfResource(buyer: User, resourceId: string | null | undefined): Promise<LineRow> {
    if (!resourceId) throw new DomainError('INVALID_INPUT', LICENCE_MESSAGES.noTarget, 'orderLineId');
    const line = isUuid(resourceId) ? await buyerLiveLineOfResource(this.em, buyer.id, resourceId) : null;
    if (!line) throw new DomainError('NOT_FOUND', LICENCE_MESSAGES.notBought, 'resourceId');
    return line;
  }
}
