import { STORE_ROLES } from '../sellers';
import { LockMode, raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { emitResourcePublished } from './resource-webhook-events';
import { slugify } from '../courses';
import type { ConnectionShape } from '../../graphql/connection';
import { toConnection, withCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { Batcher } from '../../lib/batcher';
import { hasAnyRole, STAFF_ROLES } from '../users';
import type { User } from '../users';
import { isUuid } from '../../lib/ids';
import { Entitlement } from './entitlement.entity';
import { pageQuery, type ResourceListQuery } from './resource-catalog';
import { ResourceCategory } from './resource-category.entity';
import { ResourceFile } from './resource-file.entity';
import { sendResourceModerationMail } from './resource-moderation-mail';
import { Resource } from './resource.entity';
import { Review } from './review.entity';
import { SellerProfile } from './seller-profile.entity';
import type { RatingSummary, SellerStats } from './resources.types';

export const REVIEW_BODY_MAX = 2000;
export const REJECTION_REASON_MAX = 500;
export const CATEGORY_NAME_MAX = 80;

/** Profiles of people who may have a store (an instructor's profile holds only their Stripe account). */
const STORE_OWNERS = {
  user: { $or: [{ role: { $in: [...STORE_ROLES] } }, { roles: { $overlap: [...STORE_ROLES] } }] },
};

/** As course categories' descriptions. */
export const CATEGORY_DESCRIPTION_MAX = 1000;

export interface ReviewInput {
  resourceId: string;
  rating: number;
  body?: string | null;
}

const isStaffUser = (user: User | null | undefined) => hasAnyRole(user, STAFF_ROLES);

/** The curriculum store: browsing, seller stores and reviews (rules and ownership live here). */
export class ResourcesService {
  constructor(private readonly em: EntityManager) {}

  /** Files of many resources in one query (a list's `files` fields). */
  private readonly filesLoader = new Batcher<ResourceFile[]>(async (resourceIds) => {
    const rows = await this.em.find(
      ResourceFile,
      { resource: { $in: resourceIds } },
      { orderBy: { position: 'asc', createdAt: 'asc', id: 'asc' } },
    );
    const byResource = new Map<string, ResourceFile[]>(resourceIds.map((id) => [id, []]));
    for (const file of rows) byResource.get(file.resource.id)?.push(file);
    return byResource;
  });

  /** Entitlements of many `userId:resourceId` pairs in one query (a list's viewer fields). */
  private readonly entitlementLoader = new Batcher<boolean>(async (keys) => {
    const pairs = keys.map((key) => key.split(':') as [string, string]);
    const rows = await this.em.find(Entitlement, {
      user: { $in: [...new Set(pairs.map(([userId]) => userId))] },
      resource: { $in: [...new Set(pairs.map(([, resourceId]) => resourceId))] },
    });
    const found = new Set(rows.map((r) => `${r.user.id}:${r.resource.id}`));
    return new Map(keys.map((key) => [key, found.has(key)]));
  });

  /** Published resources of sellers who are not suspended: filtered, sorted, keyset-paged. */
  async list(
    query: ResourceListQuery,
    first: number,
    after?: string | null,
  ): Promise<ConnectionShape<Resource>> {
    const q = pageQuery(query, first, after);
    const [[count], rows] = await Promise.all([
      this.em.execute<{ n: number }[]>(q.count.sql, q.count.params),
      this.em.execute<Record<string, unknown>[]>(q.page.sql, q.page.params),
    ]);
    const pageRows = rows.slice(0, first);
    const ids = pageRows.map((r) => String(r.id));
    const loaded = ids.length
      ? await this.em.find(Resource, { id: { $in: ids } }, { populate: ['danceStyle', 'category', 'seller'] })
      : [];
    const byId = new Map(loaded.map((r) => [r.id, r]));
    const edges = pageRows
      .filter((r) => byId.has(String(r.id)))
      .map((r) => ({ node: byId.get(String(r.id))!, cursor: q.cursorOf(r) }));
    return {
      edges,
      nodes: edges.map((e) => e.node),
      totalCount: count.n,
      pageInfo: {
        hasNextPage: rows.length > first,
        hasPreviousPage: Boolean(after),
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  }

  /** A resource: published ones (of a seller who is not suspended) for all; others for their seller and staff. */
  async findVisible(id: string, viewer: User | null): Promise<Resource | null> {
    if (!isUuid(id)) return null;
    const resource = await this.em.findOne(Resource, id);
    if (!resource) return null;
    if (viewer && (resource.seller.id === viewer.id || isStaffUser(viewer))) return resource;
    if (resource.status !== 'published') return null;
    const profile = await this.em.findOne(SellerProfile, { user: resource.seller.id });
    return profile?.suspended ? null : resource;
  }

  files(resource: Resource): Promise<ResourceFile[]> {
    return this.filesLoader.load(resource.id);
  }

  categories(): Promise<ResourceCategory[]> {
    return this.em.find(ResourceCategory, {}, { orderBy: { name: 'asc' } });
  }

  category(id: string): Promise<ResourceCategory | null> {
    if (!isUuid(id)) return this.em.findOne(ResourceCategory, { slug: id });
    return this.em.findOne(ResourceCategory, id);
  }

  async ratingSummary(resource: Resource): Promise<RatingSummary> {
    const rows = await this.em.execute<{ rating: number; n: number }[]>(
      'select rating, count(*)::int as n from reviews where resource_id = ? group by rating',
      [resource.id],
    );
    const counts = new Map(rows.map((r) => [Number(r.rating), r.n]));
    return {
      average: Number(resource.ratingAverage),
      count: resource.ratingCount,
      histogram: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: counts.get(stars) ?? 0 })),
    };
  }

  /** Reviews of a visible resource, newest first (an empty connection when there are none). */
  async reviews(resourceId: string, viewer: User | null, first: number, after?: string | null) {
    const resource = await this.findVisible(resourceId, viewer);
    if (!resource) {
      return {
        edges: [],
        nodes: [],
        totalCount: 0,
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      } satisfies ConnectionShape<Review>;
    }
    const page = await withCursor(after, () =>
      this.em.findByCursor(
        Review,
        { resource },
        { first, after: after ?? undefined, orderBy: { createdAt: 'desc', id: 'desc' }, includeCount: true },
      ),
    );
    return toConnection(page);
  }

  /** The seller, staff and entitled users may download a resource's files. */
  async canDownload(user: User | null, resource: Resource): Promise<boolean> {
    if (!user) return false;
    if (resource.seller.id === user.id || isStaffUser(user)) return true;
    return this.isEntitled(user, resource.id);
  }

  /**
   * Authorises a download (404 unknown, 403 not entitled), picks the file (`fileId`, default the
   * first), makes sure it is stored (`stored`; else 404, nothing recorded) and records the download
   * (event and count in one transaction) unless `record` is false (a HEAD request transfers nothing).
   */
  async fileForDownload(
    user: User,
    resourceId: string,
    fileId: string | null,
    stored: (storageKey: string) => Promise<boolean>,
    { record = true }: { record?: boolean } = {},
  ): Promise<{ fileName: string; contentType: string; storageKey: string }> {
    const resource = isUuid(resourceId) ? await this.em.findOne(Resource, resourceId) : null;
    if (!resource) throw new DomainError('NOT_FOUND', 'Resource not found', 'resourceId');
    if (!(await this.canDownload(user, resource))) {
      throw new DomainError('FORBIDDEN', 'Buy this resource to download it', 'resourceId');
    }
    const files = await this.files(resource);
    const file = fileId ? files.find((f) => f.id === fileId) : files[0];
    if (!file) throw new DomainError('NOT_FOUND', 'File not found', 'fileId');
    if (!(await stored(file.storageKey))) throw new DomainError('NOT_FOUND', 'File not found', 'fileId');
    const found = { fileName: file.fileName, contentType: file.contentType, storageKey: file.storageKey };
    if (!record) return found;
    await this.em.transactional(async (em) => {
      await em.execute(
        'insert into download_events (id, user_id, resource_id, file_id, created_at) values (gen_random_uuid(), ?, ?, ?, now())',
        [user.id, resource.id, file.id],
      );
      // A buyer's first download also counts towards "most popular"; its seller's and staff's never.
      const buyer = resource.seller.id !== user.id && !isStaffUser(user);
      await em.execute(
        `with first_download as (
           insert into resource_downloaders (resource_id, user_id, first_downloaded_at)
           select ?, ?, now() where ? on conflict do nothing returning 1)
         update resources set download_count = download_count + 1,
           downloader_count = downloader_count + (select count(*)::int from first_download)
         where id = ?`,
        [resource.id, user.id, buyer, resource.id],
      );
    });
    return found;
  }

  /**
   * Resources I hold an entitlement to, most recent first. A resource held through several rows
   * (two orders, a licence and a grant) is listed once, at its newest row.
   */
  async myResources(user: User, first: number, after?: string | null): Promise<ConnectionShape<Resource>> {
    const newestPerResource = raw(
      `(select distinct on (resource_id) id from entitlements where user_id = ?
        order by resource_id, created_at desc, id desc)`,
      [user.id],
    );
    const page = await withCursor(after, () =>
      this.em.findByCursor(
        Entitlement,
        { user: user.id, id: { $in: newestPerResource } },
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
    const edges = connection.edges.map((e) => ({ node: e.node.resource, cursor: e.cursor }));
    return { ...connection, edges, nodes: edges.map((e) => e.node) };
  }

  async isEntitled(user: User | null, resourceId: string): Promise<boolean> {
    if (!user || !isUuid(resourceId)) return false;
    return this.entitlementLoader.load(`${user.id}:${resourceId}`);
  }

  // Sellers

  /**
   * A seller's public store by user id; null for none, a suspended seller, or a profile that only
   * holds an instructor's Stripe account (instructors have no store: issue 33).
   */
  async seller(userId: string): Promise<SellerProfile | null> {
    if (!isUuid(userId)) return null;
    const profile = await this.em.findOne(SellerProfile, { $and: [{ user: userId }, STORE_OWNERS] });
    return profile && !profile.suspended ? profile : null;
  }

  async sellers(first: number, after?: string | null) {
    const page = await withCursor(after, () =>
      this.em.findByCursor(
        SellerProfile,
        { suspended: false, ...STORE_OWNERS },
        {
          first,
          after: after ?? undefined,
          orderBy: { storeName: 'asc', user: 'asc' },
          includeCount: true,
          populate: ['user'],
        },
      ),
    );
    return toConnection(page);
  }

  /** Public figures of many stores in one query (a seller list's `stats` fields). */
  private readonly sellerStatsLoader = new Batcher<SellerStats>(async (sellerIds) => {
    const rows = await this.em.execute<
      { seller_id: string; n: number; ratings: number; average: string | null }[]
    >(
      `select seller_id, count(*)::int as n, coalesce(sum(rating_count), 0)::int as ratings,
         round(sum(rating_average * rating_count) / nullif(sum(rating_count), 0), 2) as average
       from resources where seller_id in (${sellerIds.map(() => '?').join(', ')}) and status = 'published'
       group by seller_id`,
      sellerIds,
    );
    const stats = new Map<string, SellerStats>(
      sellerIds.map((id) => [id, { resourceCount: 0, ratingCount: 0, ratingAverage: 0 }]),
    );
    for (const row of rows) {
      stats.set(row.seller_id, {
        resourceCount: row.n,
        ratingCount: row.ratings,
        ratingAverage: Number(row.average ?? 0),
      });
    }
    return stats;
  });

  sellerStats(userId: string): Promise<SellerStats> {
    return this.sellerStatsLoader.load(userId);
  }

  // Reviews

  /**
   * Creates or edits the viewer's review of a resource they hold an entitlement to. The resource
   * row is locked first, so the upsert and the recomputed rating are consistent under concurrency.
   */
  async upsertReview(user: User, input: ReviewInput): Promise<Review> {
    if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
      throw new DomainError('INVALID_INPUT', 'Rating must be a whole number from 1 to 5', 'rating');
    }
    const body = (input.body ?? '').trim();
    if (body.length > REVIEW_BODY_MAX) {
      throw new DomainError('INVALID_INPUT', `A review can be at most ${REVIEW_BODY_MAX} characters`, 'body');
    }
    const resource = await this.findVisible(input.resourceId, user);
    if (!resource) throw new DomainError('NOT_FOUND', 'Resource not found', 'resourceId');
    if (!(await this.isEntitled(user, resource.id))) {
      throw new DomainError('FORBIDDEN', 'Only buyers of this resource can review it', 'resourceId');
    }
    let reviewId = '';
    await this.em.transactional(async (em) => {
      await em.execute('select id from resources where id = ? for update', [resource.id]);
      const [row] = await em.execute<{ id: string }[]>(
        `insert into reviews (id, resource_id, user_id, rating, body, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, ?, ?, now(), now())
         on conflict (resource_id, user_id) do update set rating = excluded.rating, body = excluded.body,
           updated_at = now()
         returning id`,
        [resource.id, user.id, input.rating, body],
      );
      reviewId = row.id;
      await this.recomputeRating(em, resource.id);
    });
    await this.em.refresh(resource);
    return this.em.findOneOrFail(Review, reviewId, { refresh: true });
  }

  /** Deletes a review (its author or staff) and returns its resource with the new rating. */
  async deleteReview(user: User, reviewId: string): Promise<Resource> {
    const review = isUuid(reviewId) ? await this.em.findOne(Review, reviewId) : null;
    if (!review) throw new DomainError('NOT_FOUND', 'Review not found', 'id');
    if (review.user.id !== user.id && !isStaffUser(user)) {
      throw new DomainError('FORBIDDEN', 'You can delete only your own review', 'id');
    }
    const resourceId = review.resource.id;
    await this.em.transactional(async (em) => {
      await em.execute('select id from resources where id = ? for update', [resourceId]);
      await em.execute('delete from reviews where id = ?', [review.id]);
      await this.recomputeRating(em, resourceId);
    });
    this.em.getUnitOfWork().unsetIdentity(review);
    return this.em.findOneOrFail(Resource, resourceId, { refresh: true });
  }

  private async recomputeRating(em: EntityManager, resourceId: string): Promise<void> {
    await em.execute(
      `update resources set
         rating_average = coalesce((select round(avg(rating), 2) from reviews where resource_id = ?), 0),
         rating_count = (select count(*) from reviews where resource_id = ?)
       where id = ?`,
      [resourceId, resourceId, resourceId],
    );
  }

  // Staff moderation (the shield lets only staff reach these)

  /** All resources, any status, newest first; optional status and title/description search. */
  async adminList(
    filter: { status?: string | null; search?: string | null },
    first: number,
    after?: string | null,
  ): Promise<ConnectionShape<Resource>> {
    const where: Record<string, unknown> = {};
    if (filter.status) where.status = filter.status;
    const search = filter.search?.trim().slice(0, 200);
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = [{ title: { $ilike: like } }, { description: { $ilike: like } }];
    }
    const page = await withCursor(after, () =>
      this.em.findByCursor(Resource, where, {
        first,
        after: after ?? undefined,
        orderBy: { createdAt: 'desc', id: 'desc' },
        includeCount: true,
      }),
    );
    return toConnection(page);
  }

  /**
   * Publishes a resource of any status: after a rejection, the only way back into the store. The
   * seller is mailed (kind `resources`) when it was not published before, in the same transaction,
   * under the resource's row lock (two staff approving at once: one mail).
   */
  async approve(resourceId: string): Promise<Resource> {
    await this.em.transactional(async (em) => {
      const resource = await this.resourceOrFail(resourceId, em, true);
      const wasPublished = resource.status === 'published';
      if (!wasPublished && (await em.count(ResourceFile, { resource })) === 0) {
        throw new DomainError(
          'INVALID_INPUT',
          'This resource has no file; it cannot be published',
          'resourceId',
        );
      }
      resource.status = 'published';
      resource.rejectionReason = null;
      await em.flush();
      if (!wasPublished) {
        await sendResourceModerationMail(em, resource.id, { type: 'approved' });
        await emitResourcePublished(em, resource.id);
      }
    });
    return this.em.findOneOrFail(Resource, resourceId, { refresh: true });
  }

  async reject(resourceId: string, reason: string): Promise<Resource> {
    const text = (reason ?? '').trim();
    if (!text) throw new DomainError('INVALID_INPUT', 'Give a reason for the rejection', 'reason');
    if (text.length > REJECTION_REASON_MAX) {
      throw new DomainError(
        'INVALID_INPUT',
        `A reason can be at most ${REJECTION_REASON_MAX} characters`,
        'reason',
      );
    }
    // Mailed to the seller (kind `resources`) unless it was already rejected for this same reason.
    await this.em.transactional(async (em) => {
      const resource = await this.resourceOrFail(resourceId, em, true);
      const news = resource.status !== 'rejected' || resource.rejectionReason !== text;
      resource.status = 'rejected';
      resource.rejectionReason = text;
      resource.featured = false;
      await em.flush();
      if (news) await sendResourceModerationMail(em, resource.id, { type: 'rejected', reason: text });
    });
    return this.em.findOneOrFail(Resource, resourceId, { refresh: true });
  }

  async toggleFeatured(resourceId: string): Promise<Resource> {
    const resource = await this.resourceOrFail(resourceId);
    resource.featured = !resource.featured;
    await this.em.flush();
    return resource;
  }

  async reviewQueue(): Promise<{
    pendingCount: number;
    resubmittedCount: number;
    rejectedCount: number;
    publishedCount: number;
    featuredCount: number;
  }> {
    const [row] = await this.em.execute<
      { pending: number; resubmitted: number; rejected: number; published: number; featured: number }[]
    >(
      `select count(*) filter (where status = 'draft')::int as pending,
         count(*) filter (where status = 'pending_review')::int as resubmitted,
         count(*) filter (where status = 'rejected')::int as rejected,
         count(*) filter (where status = 'published')::int as published,
         count(*) filter (where featured)::int as featured
       from resources`,
    );
    return {
      pendingCount: row.pending,
      resubmittedCount: row.resubmitted,
      rejectedCount: row.rejected,
      publishedCount: row.published,
      featuredCount: row.featured,
    };
  }

  async createCategory(input: { name: string; description?: string | null }): Promise<ResourceCategory> {
    const name = this.categoryName(input.name);
    const category = this.em.create(ResourceCategory, {
      name,
      slug: await this.freeCategorySlug(name),
      description: this.categoryDescription(input.description),
    });
    await this.flushCategory();
    return category;
  }

  async updateCategory(input: {
    categoryId: string;
    name?: string | null;
    description?: string | null;
  }): Promise<ResourceCategory> {
    const category = await this.categoryOrFail(input.categoryId);
    if (input.name !== undefined && input.name !== null) {
      const name = this.categoryName(input.name);
      if (name !== category.name) {
        category.slug = await this.freeCategorySlug(name, category.id);
        category.name = name;
      }
    }
    if (input.description !== undefined) category.description = this.categoryDescription(input.description);
    await this.flushCategory();
    return category;
  }

  /** Deletes a category; its resources keep existing without one (on delete set null). */
  async deleteCategory(categoryId: string): Promise<string> {
    const category = await this.categoryOrFail(categoryId);
    await this.em.nativeDelete(ResourceCategory, { id: category.id });
    this.em.clear();
    return category.id;
  }

  private categoryDescription(value: string | null | undefined): string | null {
    const description = value?.trim() || null;
    if (description && description.length > CATEGORY_DESCRIPTION_MAX) {
      throw new DomainError(
        'INVALID_INPUT',
        `Description can be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
        'description',
      );
    }
    return description;
  }

  private categoryName(value: string): string {
    const name = (value ?? '').trim();
    if (!name) throw new DomainError('INVALID_INPUT', 'Name is required', 'name');
    if (name.length > CATEGORY_NAME_MAX) {
      throw new DomainError('INVALID_INPUT', `Name can be at most ${CATEGORY_NAME_MAX} characters`, 'name');
    }
    return name;
  }

  private async freeCategorySlug(name: string, ownId?: string): Promise<string> {
    const base = slugify(name).slice(0, 90) || 'category';
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      const taken = await this.em.findOne(ResourceCategory, { slug });
      if (!taken || taken.id === ownId) return slug;
    }
  }

  private async flushCategory(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        throw new DomainError('INVALID_INPUT', 'A category with this name already exists', 'name');
      }
      throw error;
    }
  }

  private async categoryOrFail(id: string): Promise<ResourceCategory> {
    const category = isUuid(id) ? await this.em.findOne(ResourceCategory, id) : null;
    if (!category) throw new DomainError('NOT_FOUND', 'Category not found', 'categoryId');
    return category;
  }

  /** The resource `id` (with `lock`, locked for update in `em`'s transaction); NOT_FOUND otherwise. */
  private async resourceOrFail(id: string, em: EntityManager = this.em, lock = false): Promise<Resource> {
    const resource = isUuid(id)
      ? await em.findOne(Resource, id, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
      : null;
    if (!resource) throw new DomainError('NOT_FOUND', 'Resource not found', 'resourceId');
    return resource;
  }
}
