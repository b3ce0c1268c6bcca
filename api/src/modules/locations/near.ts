import { GraphQLError } from 'graphql';
import { lookupZip, normalizeZip } from './zipcodes';

/** The radii (miles) a "near" search takes; the first default is 25. */
export const NEAR_RADII_MILES = [10, 25, 50] as const;
export const DEFAULT_RADIUS_MILES = 25;

export interface NearOrigin {
  zip: string;
  latitude: number;
  longitude: number;
  radiusMiles: number;
}

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/**
 * The centre and radius of a "near ZIP" search, or BAD_USER_INPUT naming what is wrong: a radius
 * other than 10, 25 or 50 miles, a code that is not 5 digits, a code not in the data set.
 */
export function nearOrigin(near: string, radiusMiles?: number | null): NearOrigin {
  const radius = radiusMiles ?? DEFAULT_RADIUS_MILES;
  if (!(NEAR_RADII_MILES as readonly number[]).includes(radius)) {
    throw badInput(`radiusMiles must be ${NEAR_RADII_MILES.join(', ')} (miles); got ${radius}`);
  }
  const zip = normalizeZip(near);
  if (!zip) throw badInput(`“${near.slice(0, 20)}” is not a US ZIP code: enter 5 digits, e.g. 10001`);
  const place = lookupZip(zip);
  if (!place) throw badInput(`ZIP code ${zip} was not found: check it, or try a nearby one`);
  return { zip, latitude: place.latitude, longitude: place.longitude, radiusMiles: radius };
}
