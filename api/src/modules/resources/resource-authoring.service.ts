import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { emitResourcePublished } from './resource-webhook-events';
import type { ConnectionShape } from '../../graphql/connection';
import { toConnection, withCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import type { AppStorage, Storage } from '../../storage/storage';
import { DanceStyle } from '../courses';
import { AGE_GROUPS, RESOURCE_TYPES, SKILL_LEVELS } from '../reference';
import { lockMyUploads } from '../uploads';
import { hasAnyRole, STAFF_ROLES } from '../users';
import { User } from '../users';
import { isUuid } from '../../lib/ids';
import { ResourceCategory } from './resource-category.entity';
import { ResourceFile } from './resource-file.entity';
import { Resource, RESOURCE_STATUSES, type ResourceStatus } from './resource.entity';
import { createStoreProfile } from './seller-payout-accounts';
import { SellerProfile } from './seller-profile.entity';

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 20_000;
export const PRICE_MAX_CENTS = 100_000;
export const FILES_MAX = 20;

/** The editable fields of a resource; on update, an omitted field keeps its value. */
export interface ResourceFieldsInput {
  title?: string | null;
  description?: string | null;
  type?: string | null;
  danceStyleId?: string | null;
  ageGroup?: string | null;
  skillLevel?: string | null;
  categoryId?: string | null;
  priceCents?: number | null;
  thumbnailUploadId?: string | null;
}

export interface ResourceCreateFields extends ResourceFieldsInput {
  title: string;
  type: string;
  priceCents: number;
  fileUploadIds: string[];
}

export interface ResourceUpdateFields extends ResourceFieldsInput {
  id: string;
  removeThumbnail?: boolean | null;
  addFileUploadIds?: string[] | null;
  removeFileIds?: string[] | null;
}

export interface SellerResourceCounts {
  total: number;
  draft: number;
  published: number;
  rejected: number;
  pendingReview: number;
}

const isStaffUser = (user: User) => hasAnyRole(user, STAFF_ROLES);
const newKey = (resourceId: string) => `resources/${resourceId}/${randomBytes(16).toString('hex')}`;

/** A move of a private file (keys) done inside a transaction, undone when the transaction fails. */
type Move = { from: string; to: string; done?: boolean };

async function undo(files: Storage, moves: Move[]): Promise<void> {
  for (const move of moves.reverse()) {
    await files.move(move.to, move.from).catch(() => undefined);
  }
}

/**
 * Sellers' side of the curriculum store: create, edit, publish and unpublish their resources and
 * their files. Owners and staff may edit a resource; uploads are consumed in the same transaction
 * that attaches them, and their files move from `pending/` to `resources/<id>/`.
 */
export class ResourceAuthoringService {
  constructor(private readonly em: EntityManager) {}

  async create(user: User, input: ResourceCreateFields, storage: AppStorage): Promise<Resource> {
    const values = await this.validate(input, true);
    if (!input.fileUploadIds?.length) {
      throw new DomainError('INVALID_INPUT', 'Add at least one file', 'fileUploadIds');
    }
    if (input.fileUploadIds.length > FILES_MAX) {
      throw new DomainError(
        'INVALID_INPUT',
        `A resource can have at most ${FILES_MAX} files`,
        'fileUploadIds',
      );
    }
    const moves: Move[] = [];
    let id = '';
    try {
      await this.em.transactional(async (em) => {
        const profile = await this.ensureProfile(em, user);
        if (profile.suspended) throw suspended();
        const uploads = await lockMyUploads(em, user, input.fileUploadIds, {
          public: false,
          field: 'fileUploadIds',
        });
        const [thumb] = input.thumbnailUploadId
          ? await lockMyUploads(em, user, [input.thumbnailUploadId], {
              public: true,
              field: 'thumbnailUploadId',
            })
          : [];
        const resource = em.create(Resource, {
          title: values.title!,
          description: values.description ?? '',
          type: values.type!,
          danceStyle: values.danceStyle ? em.getReference(DanceStyle, values.danceStyle.id) : null,
          ageGroup: values.ageGroup ?? null,
          skillLevel: values.skillLevel ?? null,
          category: values.category ? em.getReference(ResourceCategory, values.category.id) : null,
          priceCents: values.priceCents ?? 0,
          thumbnailUrl: thumb ? storage.public.publicUrl(thumb.storageKey) : null,
          seller: em.getReference(User, user.id),
          status: 'draft',
        });
        id = resource.id;
        const now = new Date();
        uploads.forEach((upload, position) => {
          const storageKey = newKey(resource.id);
          em.create(ResourceFile, {
            resource,
            storageKey,
            fileName: upload.fileName,
            sizeBytes: upload.sizeBytes,
            contentType: upload.contentType,
            position,
          });
          upload.consumedAt = now;
          moves.push({ from: upload.storageKey, to: storageKey });
        });
        if (thumb) thumb.consumedAt = now;
        await em.flush();
        await this.applyMoves(storage.private, moves);
      });
    } catch (error) {
      await undo(
        storage.private,
        moves.filter((m) => m.done),
      );
      throw error;
    }
    return this.em.findOneOrFail(Resource, id, { refresh: true });
  }

  async update(user: User, input: ResourceUpdateFields, storage: AppStorage): Promise<Resource> {
    const values = await this.validate(input, false);
    const moves: Move[] = [];
    const removeAfter: { area: Storage; key: string }[] = [];
    try {
      await this.em.transactional(async (em) => {
        const resource = await this.editable(em, user, input.id, true);
        if (values.title !== undefined) resource.title = values.title!;
        if (values.description !== undefined) resource.description = values.description ?? '';
        if (values.type !== undefined) resource.type = values.type!;
        if (values.danceStyle !== undefined) {
          resource.danceStyle = values.danceStyle ? em.getReference(DanceStyle, values.danceStyle.id) : null;
        }
        if (values.ageGroup !== undefined) resource.ageGroup = values.ageGroup;
        if (values.skillLevel !== undefined) resource.skillLevel = values.skillLevel;
        if (values.category !== undefined) {
          resource.category = values.category ? em.getReference(ResourceCategory, values.category.id) : null;
        }
        if (values.priceCents !== undefined) resource.priceCents = values.priceCents!;
        const now = new Date();
        const oldThumbnail = resource.thumbnailUrl;
        if (input.thumbnailUploadId) {
          const [thumb] = await lockMyUploads(em, user, [input.thumbnailUploadId], {
            public: true,
            field: 'thumbnailUploadId',
          });
          resource.thumbnailUrl = storage.public.publicUrl(thumb.storageKey);
          thumb.consumedAt = now;
        } else if (input.removeThumbnail) {
          resource.thumbnailUrl = null;
        }
        // Only an uploaded thumbnail is removed (never a seeded picture under /images).
        const oldKey = oldThumbnail ? storage.public.keyOfPublicUrl(oldThumbnail) : null;
        if (oldThumbnail !== resource.thumbnailUrl && oldKey?.startsWith('thumbnails/')) {
          removeAfter.push({ area: storage.public, key: oldKey });
        }

        const files = await em.find(ResourceFile, { resource }, { orderBy: { position: 'asc' } });
        const removeIds = [...new Set(input.removeFileIds ?? [])];
        for (const fileId of removeIds) {
          const file = files.find((f) => f.id === fileId);
          if (!file)
            throw new DomainError('INVALID_INPUT', 'File not found in this resource', 'removeFileIds');
          em.remove(file);
          removeAfter.push({ area: storage.private, key: file.storageKey });
        }
        const kept = files.length - removeIds.length;
        const uploads = await lockMyUploads(em, user, input.addFileUploadIds ?? [], {
          public: false,
          field: 'addFileUploadIds',
        });
        if (kept + uploads.length > FILES_MAX) {
          throw new DomainError(
            'INVALID_INPUT',
            `A resource can have at most ${FILES_MAX} files`,
            'addFileUploadIds',
          );
        }
        if (resource.status === 'published' && kept + uploads.length === 0) {
          throw new DomainError(
            'INVALID_INPUT',
            'A published resource needs at least one file; add a file or unpublish it first',
            'removeFileIds',
          );
        }
        let position = Math.max(-1, ...files.map((f) => f.position)) + 1;
        for (const upload of uploads) {
          const storageKey = newKey(resource.id);
          em.create(ResourceFile, {
            resource,
            storageKey,
            fileName: upload.fileName,
            sizeBytes: upload.sizeBytes,
            contentType: upload.contentType,
            position: position++,
          });
          upload.consumedAt = now;
          moves.push({ from: upload.storageKey, to: storageKey });
        }
        // An edit of a rejected resource resubmits it: it waits for staff approval (the reason is
        // kept for the reviewer), and its seller cannot publish it.
        if (resource.status === 'rejected') resource.status = 'pending_review';
        resource.updatedAt = now;
        await em.flush();
        await this.applyMoves(storage.private, moves);
      });
    } catch (error) {
      await undo(
        storage.private,
        moves.filter((m) => m.done),
      );
      throw error;
    }
    await Promise.all(removeAfter.map(({ area, key }) => area.remove(key).catch(() => undefined)));
    return this.em.findOneOrFail(Resource, input.id, { refresh: true });
  }

  /**
   * Draft → published (owner or staff); needs a file and a seller who is not suspended. After a
   * rejection (rejected, or resubmitted: pending_review) only staff publish it.
   */
  async publish(user: User, id: string): Promise<Resource> {
    await this.em.transactional(async (em) => {
      const resource = await this.editable(em, user, id, true);
      if (resource.status === 'published') return;
      if (resource.status === 'rejected' && !isStaffUser(user)) {
        throw new DomainError(
          'FORBIDDEN',
          'This resource was rejected. Save your changes to resubmit it for review; the curriculum team publishes it when they approve it',
          'id',
        );
      }
      if (resource.status === 'pending_review' && !isStaffUser(user)) {
        throw new DomainError(
          'FORBIDDEN',
          'This resource is waiting for review; the curriculum team publishes it when they approve it',
          'id',
        );
      }
      const profile = await em.findOne(SellerProfile, { user: resource.seller.id });
      if (profile?.suspended) throw suspended();
      if ((await em.count(ResourceFile, { resource })) === 0) {
        throw new DomainError('INVALID_INPUT', 'Add at least one file before publishing', 'id');
      }
      resource.status = 'published';
      resource.rejectionReason = null;
      await em.flush();
      await emitResourcePublished(em, resource.id);
    });
    return this.em.findOneOrFail(Resource, id, { refresh: true });
  }

  /** Published → draft (owner or staff): hidden from the store until published again. */
  async unpublish(user: User, id: string): Promise<Resource> {
    await this.em.transactional(async (em) => {
      const resource = await this.editable(em, user, id, true);
      if (resource.status !== 'published') return;
      resource.status = 'draft';
      await em.flush();
    });
    return this.em.findOneOrFail(Resource, id, { refresh: true });
  }

  /** Removes one file of a resource (owner or staff); a published resource keeps at least one. */
  async removeFile(user: User, fileId: string, storage: AppStorage): Promise<Resource> {
    const file = isUuid(fileId) ? await this.em.findOne(ResourceFile, fileId) : null;
    if (!file) throw new DomainError('NOT_FOUND', 'File not found', 'fileId');
    return this.update(user, { id: file.resource.id, removeFileIds: [file.id] }, storage);
  }

  /** A resource to edit: its owner and staff only (others: NOT_FOUND for unknown, FORBIDDEN). */
  async forEdit(user: User, id: string): Promise<Resource | null> {
    const resource = isUuid(id) ? await this.em.findOne(Resource, id) : null;
    if (!resource) return null;
    if (resource.seller.id !== user.id && !isStaffUser(user)) {
      throw new GraphQLError('You can edit only your own resources.', { extensions: { code: 'FORBIDDEN' } });
    }
    return resource;
  }

  /** My resources of any status, newest first (staff may look at another seller's). */
  async sellerResources(
    viewer: User,
    filter: { status?: string | null; sellerId?: string | null },
    first: number,
    after?: string | null,
  ): Promise<ConnectionShape<Resource>> {
    const sellerId = this.sellerIdFor(viewer, filter.sellerId);
    const where: Record<string, unknown> = { seller: sellerId };
    if (filter.status) {
      if (!RESOURCE_STATUSES.includes(filter.status as ResourceStatus)) {
        throw new GraphQLError('`status` must be draft, pending_review, published or rejected', {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      where.status = filter.status;
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

  async counts(viewer: User, sellerIdArg?: string | null): Promise<SellerResourceCounts> {
    const sellerId = this.sellerIdFor(viewer, sellerIdArg);
    const [row] = await this.em.execute<SellerResourceCounts[]>(
      `select count(*)::int as total,
         count(*) filter (where status = 'draft')::int as draft,
         count(*) filter (where status = 'published')::int as published,
         count(*) filter (where status = 'rejected')::int as rejected,
         count(*) filter (where status = 'pending_review')::int as "pendingReview"
       from resources where seller_id = ?`,
      [sellerId],
    );
    return row;
  }

  private sellerIdFor(viewer: User, sellerId?: string | null): string {
    if (!sellerId || sellerId === viewer.id) return viewer.id;
    if (!isStaffUser(viewer)) {
      throw new GraphQLError('You can list only your own resources.', { extensions: { code: 'FORBIDDEN' } });
    }
    if (!isUuid(sellerId)) {
      throw new GraphQLError('`sellerId` is not a valid id', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return sellerId;
  }

  /** Loads (and with `lock`, locks) a resource its owner or staff may edit. */
  private async editable(em: EntityManager, user: User, id: string, lock: boolean): Promise<Resource> {
    const resource = isUuid(id)
      ? await em.findOne(Resource, id, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
      : null;
    if (!resource) throw new DomainError('NOT_FOUND', 'Resource not found', 'id');
    if (resource.seller.id !== user.id && !isStaffUser(user)) {
      throw new DomainError('FORBIDDEN', 'You can edit only your own resources', 'id');
    }
    return resource;
  }

  /** The seller's store, created on their first resource ("<display name>'s Store"). */
  private async ensureProfile(em: EntityManager, user: User): Promise<SellerProfile> {
    await createStoreProfile(em, user.id, `${user.displayName}'s Store`.slice(0, 120));
    return em.findOneOrFail(SellerProfile, { user: user.id }, { refresh: true });
  }

  private async applyMoves(files: Storage, moves: Move[]): Promise<void> {
    for (const move of moves) {
      await files.move(move.from, move.to);
      move.done = true;
    }
  }

  /** Checks the given fields; `undefined` means "not given" (kept on update). */
  private async validate(input: ResourceFieldsInput, creating: boolean) {
    const out: {
      title?: string;
      description?: string;
      type?: string;
      danceStyle?: DanceStyle | null;
      ageGroup?: string | null;
      skillLevel?: string | null;
      category?: ResourceCategory | null;
      priceCents?: number;
    } = {};
    if (creating || (input.title !== undefined && input.title !== null)) {
      const title = (input.title ?? '').trim();
      if (!title) throw new DomainError('INVALID_INPUT', 'Title is required', 'title');
      if (title.length > TITLE_MAX) {
        throw new DomainError('INVALID_INPUT', `Title can be at most ${TITLE_MAX} characters`, 'title');
      }
      out.title = title;
    }
    if (input.description !== undefined) {
      const description = (input.description ?? '').trim();
      if (description.length > DESCRIPTION_MAX) {
        throw new DomainError(
          'INVALID_INPUT',
          `Description can be at most ${DESCRIPTION_MAX} characters`,
          'description',
        );
      }
      out.description = description;
    }
    if (creating || (input.type !== undefined && input.type !== null)) {
      if (!input.type || !RESOURCE_TYPES.includes(input.type)) {
        throw new DomainError('INVALID_INPUT', `Type must be one of: ${RESOURCE_TYPES.join(', ')}`, 'type');
      }
      out.type = input.type;
    }
    if (input.ageGroup !== undefined) {
      if (input.ageGroup && !AGE_GROUPS.includes(input.ageGroup)) {
        throw new DomainError('INVALID_INPUT', 'Choose an age group from the list', 'ageGroup');
      }
      out.ageGroup = input.ageGroup || null;
    }
    if (input.skillLevel !== undefined) {
      if (input.skillLevel && !SKILL_LEVELS.includes(input.skillLevel)) {
        throw new DomainError('INVALID_INPUT', 'Choose a skill level from the list', 'skillLevel');
      }
      out.skillLevel = input.skillLevel || null;
    }
    if (input.danceStyleId !== undefined) {
      if (input.danceStyleId) {
        const style = isUuid(input.danceStyleId)
          ? await this.em.findOne(DanceStyle, input.danceStyleId)
          : null;
        if (!style)
          throw new DomainError('INVALID_INPUT', 'Choose a dance style from the list', 'danceStyleId');
        out.danceStyle = style;
      } else {
        out.danceStyle = null;
      }
    }
    if (input.categoryId !== undefined) {
      if (input.categoryId) {
        const category = isUuid(input.categoryId)
          ? await this.em.findOne(ResourceCategory, input.categoryId)
          : null;
        if (!category)
          throw new DomainError('INVALID_INPUT', 'Choose a category from the list', 'categoryId');
        out.category = category;
      } else {
        out.category = null;
      }
    }
    if (creating || (input.priceCents !== undefined && input.priceCents !== null)) {
      const price = input.priceCents;
      if (typeof price !== 'number' || !Number.isInteger(price) || price < 0 || price > PRICE_MAX_CENTS) {
        throw new DomainError(
          'INVALID_INPUT',
          `Price must be between $0.00 and $${(PRICE_MAX_CENTS / 100).toFixed(2)}`,
          'priceCents',
        );
      }
      out.priceCents = price;
    }
    return out;
  }
}

function suspended(): DomainError {
  return new DomainError(
    'SUSPENDED',
    'Your store is suspended; you cannot create or publish resources',
    'id',
  );
}
