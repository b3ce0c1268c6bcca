import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { lookupZip } from '../locations';
import { SellerProfile } from '../resources';
import type { User } from '../users';
import { ensureSellerProfile } from './seller-access';

export const STORE_NAME_MIN = 2;
export const STORE_NAME_MAX = 120;
export const STORE_BIO_MAX = 2000;
export const LOGO_URL_MAX = 500;

export interface StoreProfileInput {
  storeName: string;
  bio?: string | null;
  logoUrl?: string | null;
  /** Omitted (undefined): kept; null or empty: cleared. */
  zip?: string | null;
  city?: string | null;
  state?: string | null;
}

/** An optional place field: undefined keeps it, null/empty clears it, longer than `max` is refused. */
function placeText(value: string | null | undefined, max: number, field: string, label: string) {
  if (value === undefined) return undefined;
  const text = (value ?? '').trim();
  if (text.length > max)
    throw new DomainError('INVALID_INPUT', `${label} can be at most ${max} characters`, field);
  return text || null;
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
    const zip = placeText(input.zip, 10, 'zip', 'The ZIP code');
    const city = placeText(input.city, 100, 'city', 'The city');
    const state = placeText(input.state, 100, 'state', 'The state');
    const profile = await ensureSellerProfile(this.em, user);
    profile.storeName = storeName;
    profile.bio = bio;
    profile.logoUrl = logoUrl;
    if (zip !== undefined) profile.zip = zip;
    if (city !== undefined) profile.city = city;
    if (state !== undefined) profile.state = state;
    // A US ZIP code fills the city and state left empty (the web fills them as the ZIP is typed).
    const place = zip ? lookupZip(zip) : null;
    if (place && !profile.city) profile.city = place.city;
    if (place && !profile.state) profile.state = place.state;
    await this.em.flush();
    return profile;
  }
}
