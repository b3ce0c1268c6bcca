import { timeAgo } from '../../ui/dateFormat';

/** '5 minutes ago', … (ui/dateFormat.ts; also the notifications' times). */
export { timeAgo };

/** What a session row shows of a session (AccountSession's fields). */
export interface SessionFacts {
  browser?: string | null;
  os?: string | null;
  device?: string | null;
}

export const SESSION_TEXT = {
  unknownBrowser: 'Unknown browser',
  unknownAddress: 'Unknown address',
  localNetwork: 'Local network',
  endedFallback: 'That session was signed out.',
  othersEndedFallback: 'Your other sessions were signed out.',
} as const;

/**
 * 'Chrome 131 on Android 14 · mobile', 'Firefox 133 on Windows 10', 'Safari', 'Unknown browser on
 * macOS' or 'Unknown browser' — what the session began on, as the server's parser named it.
 */
export function sessionSummary({ browser, os, device }: SessionFacts): string {
  const what = browser?.trim() || SESSION_TEXT.unknownBrowser;
  const where = os?.trim() ? `${what} on ${os.trim()}` : what;
  return device?.trim() ? `${where} · ${device.trim()}` : where;
}

/** Loopback, private (10/8, 172.16/12, 192.168/16) and link-local IPv4, as the dotted address starts. */
const LOCAL_IPV4 = /^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.)/;
/** Loopback, unique-local (fc00::/7) and link-local (fe80::/10) IPv6. */
const LOCAL_IPV6 = /^(::1$|f[cd][0-9a-f]{2}:|fe[89ab][0-9a-f]:)/i;

/** True for an address of this machine or the local network (also written ::ffff:192.168.1.2). */
export function isLocalAddress(address: string | null | undefined): boolean {
  const bare = address?.trim().replace(/^::ffff:(?=\d+\.)/i, '') ?? '';
  return LOCAL_IPV4.test(bare) || LOCAL_IPV6.test(bare);
}

/**
 * Where the session's address is, roughly: the server's place for it ("Germany"), else "Local
 * network" for a loopback or private address, else nothing (an unknown or IPv6 address).
 */
export function sessionPlace({ ipAddress, place }: { ipAddress?: string | null; place?: string | null }) {
  return place?.trim() || (isLocalAddress(ipAddress) ? SESSION_TEXT.localNetwork : null);
}

/**
 * 'Active now' for this session (it is being used), else 'Active 5 hours ago'. The server
 * updates the time at most every 10 minutes, so anything under that is 'in the last 10 minutes'.
 */
export function lastActiveText(lastActiveAt: unknown, current: boolean, now: Date = new Date()): string {
  if (current) return 'Active now';
  const ago = timeAgo(lastActiveAt, now);
  if (!ago) return '';
  const time = new Date(lastActiveAt as string).getTime();
  if (now.getTime() - time < 10 * 60 * 1000) return 'Active in the last 10 minutes';
  return `Active ${ago}`;
}

/** The line above the list: how many sessions, and what "Sign out of all other sessions" would end. */
export function sessionsCountText(count: number): string {
  if (count <= 1) return 'You are signed in only here.';
  const others = count - 1;
  return `You are signed in here and in ${others} other ${others === 1 ? 'place' : 'places'}.`;
}
