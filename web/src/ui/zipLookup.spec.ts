import { afterEach, describe, expect, it, vi } from 'vitest';
import { zipLookupHint } from './useZipLookup';
import { fetchZipPlace, placeLabel, type ZipPlace, zipToLookUp } from './zipLookup';

const NYC: ZipPlace = {
  zip: '10001',
  city: 'New York',
  state: 'NY',
  stateName: 'New York',
  latitude: 40.7484,
  longitude: -73.9967,
  timeZone: 'America/New_York',
};

afterEach(() => vi.unstubAllGlobals());

describe('zipToLookUp', () => {
  it('looks up whole US ZIP codes only', () => {
    expect(zipToLookUp('10001')).toBe('10001');
    expect(zipToLookUp(' 10001-1234 ')).toBe('10001');
    expect(zipToLookUp('1000')).toBeNull();
    expect(zipToLookUp('100012')).toBeNull();
    expect(zipToLookUp('SE1 9DT')).toBeNull();
    expect(zipToLookUp('')).toBeNull();
  });
});

describe('fetchZipPlace', () => {
  it('answers the place, null for an unknown code, and asks the server once per code', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/10001')) return new Response(JSON.stringify(NYC), { status: 200 });
      return new Response(JSON.stringify({ message: 'ZIP code 00000 was not found' }), { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchZipPlace('10001')).toEqual(NYC);
    expect(await fetchZipPlace('10001')).toEqual(NYC);
    expect(await fetchZipPlace('00000')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/zipcode-lookup/10001');
  });

  it('throws the server’s message on other failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: 'Too many ZIP code lookups' }), { status: 429 }),
      ),
    );
    await expect(fetchZipPlace('60601')).rejects.toThrow('Too many ZIP code lookups');
  });
});

describe('hints', () => {
  it('says what happened under the field', () => {
    expect(placeLabel(NYC)).toBe('New York, NY');
    expect(zipLookupHint({ status: 'idle' })).toBeNull();
    expect(zipLookupHint({ status: 'found', place: NYC })).toMatch(
      /^New York, New York — city and state filled in/,
    );
    expect(zipLookupHint({ status: 'notFound', zip: '00000' })).toBe(
      'ZIP code 00000 was not found: type the city and state.',
    );
  });
});
