import dns from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of outgoing webhooks: only globally routable unicast addresses may be reached.
 * ipaddr.js names the special ranges; anything but `unicast` — private (10/8, 172.16/12,
 * 192.168/16), loopback, link-local (169.254/16 with the cloud metadata address, fe80::/10),
 * unique-local (fc00::/7), CGNAT (100.64/10), multicast, broadcast, unspecified, reserved and
 * documentation ranges, and the IPv6 forms that embed an IPv4 address (6to4, NAT64, Teredo) — is
 * refused. `process()` turns an IPv4-mapped or IPv4-compatible IPv6 address (::ffff:127.0.0.1)
 * into its IPv4 address first, so it is judged as that.
 */

/** Why `address` may not be reached (e.g. `loopback`), or null when it is a public unicast address. */
export function nonPublicRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return 'invalid';
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** The IP address a URL host names literally (`[::1]` → `::1`), or null for a host name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/** `address`, with the IPv4 address it stands for when it is an IPv4-mapped IPv6 one. */
function shown(address: string): string {
  try {
    const ipv4 = ipaddr.process(address).toString();
    return ipv4 === address ? address : `${address} (${ipv4})`;
  } catch {
    return address;
  }
}

/** Refused: the target is not a public address. Its message says which address and why. */
export class BlockedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_BLOCKED';
  /** Which address and why, without the webhooks' sentence: `x resolves to 10.0.0.5, a private address`. */
  readonly reason: string;
  constructor(host: string, address: string, range: string) {
    const reason = `${host === address ? shown(address) : `${host} resolves to ${shown(address)}`}, a ${range} address`;
    super(`${reason}: webhooks reach public addresses only (WEBHOOKS_ALLOW_PRIVATE_NETWORKS is off)`);
    this.name = 'BlockedAddressError';
    this.reason = reason;
  }
}

/** `localhost` and its subdomains (`shop.localhost`): this machine, whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/** The error for a literal-address host that may not be reached, or null. */
export function literalHostRefusal(hostname: string): BlockedAddressError | null {
  const literal = literalAddress(hostname);
  if (!literal) return null;
  const range = nonPublicRange(literal);
  return range ? new BlockedAddressError(literal, literal, range) : null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `dns.lookup` for the HTTP client's connections: resolves every address of the host and refuses
 * the connection when any of them is not public, then hands the checked addresses to the socket —
 * the address connected to is the one checked, so a DNS answer that changes between a check and
 * the connection (DNS rebinding) cannot slip through. Node skips `lookup` for a literal IP host:
 * the client checks those itself (literalHostRefusal).
 */
export function guardedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (!addresses.length)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    for (const { address } of addresses) {
      const range = nonPublicRange(address);
      if (range) return callback(new BlockedAddressError(hostname, address, range), []);
    }
    if ((options as LookupAllOptions).all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/** Resolves `hostname` and returns the refusal for its first non-public address, or null (registration). */
export async function hostRefusal(hostname: string): Promise<BlockedAddressError | null> {
  const literal = literalHostRefusal(hostname);
  if (literal || literalAddress(hostname)) return literal;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(hostname, { all: true });
  } catch {
    return null; // not resolvable now: checked again at each delivery
  }
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range) return new BlockedAddressError(hostname, address, range);
  }
  return null;
}
