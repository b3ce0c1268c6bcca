import * as zipcodes from 'zipcodes';
import { lookup as zoneOfZip } from 'zipcode-to-timezone';

/**
 * US ZIP code lookup from the offline data sets shipped in the npm packages `zipcodes` (city,
 * state, coordinates) and `zipcode-to-timezone` (the IANA zone): no call to any outside service.
 */
export interface ZipInfo {
  /** The 5-digit ZIP code. */
  zip: string;
  city: string;
  /** The state's two-letter code, e.g. NY. */
  state: string;
  /** The state's name, e.g. New York. */
  stateName: string;
  latitude: number;
  longitude: number;
  /** IANA time zone, e.g. America/New_York; null when the data set has none for the code. */
  timeZone: string | null;
}

const ZIP = /^(\d{5})(?:-\d{4})?$/;

/** The 5-digit ZIP code of `value` ('10001' or ZIP+4 '10001-1234', spaces trimmed); null when malformed. */
export function normalizeZip(value: string | null | undefined): string | null {
  const match = ZIP.exec((value ?? '').trim());
  return match ? match[1] : null;
}

const SMALL_WORDS = new Set(['of', 'and', 'the']);

/** 'DISTRICT OF COLUMBIA' → 'District of Columbia'. */
function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The state's name for a two-letter code ('NY' → 'New York'); the code itself when unknown. */
export function stateNameOf(code: string): string {
  const name = zipcodes.states.abbr[code.toUpperCase()];
  return name ? titleCase(name) : code;
}

/** The place of a US ZIP code (5 digits or ZIP+4); null when malformed or not in the data set. */
export function lookupZip(value: string | null | undefined): ZipInfo | null {
  const zip = normalizeZip(value);
  if (!zip) return null;
  const place = zipcodes.lookup(zip);
  // The package also holds Canadian postal codes; only US codes are answered.
  if (!place || place.country !== 'US') return null;
  return {
    zip,
    city: place.city,
    state: place.state,
    stateName: stateNameOf(place.state),
    latitude: place.latitude,
    longitude: place.longitude,
    timeZone: zoneOfZip(zip) ?? null,
  };
}
