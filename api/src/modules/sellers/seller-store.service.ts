import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { SellerProfile } from '../resources/seller-profile.entity';
import type { User } from '../users/user.entity';
import { ensureSellerProfile } from './seller-access';

export const STORE_NAME_MIN = 2;
export const STORE_NAME_MAX = 120;
export const STORE_BIO_MAX = 2000;
export const LOGO_URL_MAX = 500;

export interface StoreProfileInput {
  storeName: string;
  bio?: string | null;
  logoUrl?: string | null;
}

/** A logo is an https (or http) URL or a path of our public uploads. */
function validLogoUrl(value: string): boolean {
  if (value.startsWith('/uploads/')) return !value.includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** My store's public profile (name, bio, logo). */
export class SellerStoreService {
  constructor(private readonly em: EntityManager) {}

  myStore(user: User): Promise<SellerProfile | null> {
    return this.em.findOne(SellerProfile, { user: user.id });
  }

  async update(user: User, input: StoreProfileInput): Promise<SellerProfile> {
    const storeName = (input.storeName ?? '').trim();
    if (storeName.length < STORE_NAME_MIN || storeName.length > STORE_NAME_MAX) {
      throw new DomainError(
        'INVALID_INPUT',
        `The store name must be ${STORE_NAME_MIN} to ${STORE_NAME_MAX} characters`,
        'storeName',
      );
    }
    const bio = (input.bio ?? '').trim();
    if (bio.length > STORE_BIO_MAX) {
      throw new DomainError('INVALID_INPUT', `The bio can be at most ${STORE_BIO_MAX} characters`, 'bio');
    }
    const logoUrl = (input.logoUrl ?? '').trim() || null;
    if (logoUrl && (logoUrl.length > LOGO_URL_MAX || !validLogoUrl(logoUrl))) {
      throw new DomainError(
        'INVALID_INPUT',
        `The logo must be a web address (https://…) of at most ${LOGO_URL_MAX} characters`,
        'logoUrl',
      );
    }
    const profile = await ensureSellerProfile(this.em, user);
    profile.storeName = storeName;
    profile.bio = bio;
    profile.logoUrl = logoUrl;
    await this.em.flush();
    return profile;
  }
}
