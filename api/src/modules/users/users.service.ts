import { IANAZone } from 'luxon';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { AVATAR_SIZE, toWebp } from '../../storage/image-resize';
import { detectImageType } from '../../storage/image-type';
import type { Storage } from '../../storage/storage';
import { validateName } from '../auth';
import { isUuid } from '../../lib/ids';
import { User } from './user.entity';

export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

export class UsersService {
  constructor(
    private readonly em: EntityManager,
    /** The public area of the app's files (avatars are public images). */
    private readonly storage: Storage,
  ) {}

  findById(id: string): Promise<User | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.em.findOne(User, { id });
  }

  async updateProfile(
    user: User,
    input: { firstName?: string | null; lastName?: string | null; timeZone?: string | null },
  ): Promise<User> {
    if (input.timeZone !== undefined) {
      const zone = input.timeZone?.trim() || null;
      if (zone !== null && (zone.length > 64 || !IANAZone.isValidZone(zone))) {
        throw new DomainError('INVALID_INPUT', 'Choose a time zone such as Europe/Berlin', 'timeZone');
      }
      user.timeZone = zone;
    }
    if (input.firstName !== undefined) {
      user.firstName = validateName(input.firstName, 'firstName', 'First name');
    }
    if (input.lastName !== undefined) {
      user.lastName = validateName(input.lastName, 'lastName', 'Last name');
    }
    await this.em.flush();
    return user;
  }

  /** Stores a new profile image (PNG, JPEG or WebP by content, ≤ 5 MB) and points the user at it. */
  async setProfileImage(user: User, data: Buffer | undefined): Promise<User> {
    if (!data || data.length === 0) {
      throw new DomainError('INVALID_INPUT', 'Choose an image file to upload', 'image');
    }
    if (data.length > MAX_PROFILE_IMAGE_BYTES) {
      throw new DomainError('INVALID_INPUT', 'The image must be 5 MB or smaller', 'image');
    }
    if (!detectImageType(data)) {
      throw new DomainError('INVALID_INPUT', 'The image must be a PNG, JPEG or WebP file', 'image');
    }
    // Stored as shown: a 256 px WebP square (the original may be megabytes for a 128 px avatar).
    const avatar = await toWebp(data, AVATAR_SIZE);
    if (!avatar) {
      throw new DomainError(
        'INVALID_INPUT',
        'The image could not be read: it is damaged, or larger than 50 megapixels',
        'image',
      );
    }
    const key = await this.storage.put(`profiles/${randomUUID()}.webp`, avatar, {
      contentType: 'image/webp',
    });
    const previous = user.profileImageUrl;
    user.profileImageUrl = this.storage.publicUrl(key);
    await this.em.flush();
    // Only an uploaded avatar is removed (never a seeded picture under /images).
    const oldKey = previous ? this.storage.keyOfPublicUrl(previous) : null;
    if (oldKey?.startsWith('profiles/')) await this.storage.remove(oldKey).catch(() => undefined);
    return user;
  }
}
