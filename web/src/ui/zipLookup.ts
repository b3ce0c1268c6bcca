/** What `GET /api/zipcode-lookup/{zip}` answers for a US ZIP code. */
export interface ZipPlace {
  zip: string;
  city: string;
  /** Two-letter code, e.g. NY. */
  state: string;
  stateName: string;
  latitude: number;
  longitude: number;
  /** IANA zone, e.g. America/New_York; null when unknown. */
  timeZone: string | null;
}

export const ZIP_LOOKUP_ENDPOINT = '/api/zipcode-lookup';

/** The 5-digit code to look up when `text` is a whole US ZIP code ('10001', '10001-1234'); else null. */
export function zipToLookUp(text: string): string | null {
  const match = /^(\d{5})(?:-\d{4})?$/.exec(text.trim());
  return match ? match[1] : null;
}

const answers = new Map<string, ZipPlace | null>();

/**
 * The place of a US ZIP code from the server's offline data set; null when the code is unknown.
 * Answers are kept for the page's life (the data only changes with a release). Throws with the
 * server's message on any other failure (e.g. 429).
 */
export async function fetchZipPlace(zip: string, signal?: AbortSignal): Promise<ZipPlace | null> {
  if (answers.has(zip)) return answers.get(zip) ?? null;
  const response = await fetch(`${ZIP_LOOKUP_ENDPOINT}/${encodeURIComponent(zip)}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (response.status === 404 || response.status === 400) {
    answers.set(zip, null);
    return null;
  }
  const body = (await response.json().catch(() => null)) as (ZipPlace & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message ?? `ZIP code lookup failed (${response.status})`);
  answers.set(zip, body);
  return body;
}

/** 'New York, NY' — how a found place reads under a ZIP field. */
export function placeLabel(place: ZipPlace): string {
  return `${place.city}, ${place.state}`;
}
