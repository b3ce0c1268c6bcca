import type { SecurityEventKind } from '../../gql/graphql';

/** Each kind of security event in words, in the order of the filter's choices. */
export const KIND_LABELS: Record<SecurityEventKind, string> = {
  PASSWORD_RESET: 'Password reset',
  PASSWORD_CHANGED: 'Password changed',
  EMAIL_CHANGED: 'Email changed',
  EMAIL_VERIFIED: 'Email verified',
  SESSION_ENDED: 'Session signed out',
  OTHER_SESSIONS_ENDED: 'Other sessions signed out',
  ACCOUNT_DELETED: 'Account deleted',
  IDENTITY_LINKED: 'Provider sign-in linked',
  IDENTITY_UNLINKED: 'Provider sign-in unlinked',
  PASSKEY_ADDED: 'Passkey added',
  PASSKEY_REMOVED: 'Passkey removed',
  TWO_STEP_ENABLED: 'Two-step sign-in on',
  TWO_STEP_DISABLED: 'Two-step sign-in off',
  RECOVERY_CODES_REGENERATED: 'New recovery codes',
  RECOVERY_CODE_USED: 'Recovery code used',
};

export const KIND_OPTIONS = (Object.keys(KIND_LABELS) as SecurityEventKind[]).map((value) => ({
  value,
  label: KIND_LABELS[value],
}));

/** The kind a `?kind=` parameter names, or null for any other text (all kinds). */
export function kindFilter(value: string | null | undefined): SecurityEventKind | null {
  return value && Object.hasOwn(KIND_LABELS, value) ? (value as SecurityEventKind) : null;
}

/** A kind in words; an unknown one (a newer server) as it is sent. */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind as SecurityEventKind] ?? kind;
}

/** The badge colour of a kind: passwords red-ish, email blue, sessions grey. */
export function kindPalette(kind: string): string {
  if (kind === 'PASSWORD_RESET' || kind === 'PASSWORD_CHANGED') return 'orange';
  if (kind === 'EMAIL_CHANGED' || kind === 'EMAIL_VERIFIED') return 'blue';
  return 'gray';
}

/**
 * What `detail` says, in words: OTHER_SESSIONS_ENDED's is how many ('2 sessions'); others are
 * shown as the server wrote them (e.g. the old and new address).
 */
export function detailText(kind: string, detail: string | null | undefined): string {
  const text = detail?.trim() ?? '';
  if (!text) return '';
  if (kind === 'OTHER_SESSIONS_ENDED' && /^\d+$/.test(text)) {
    return `${text} ${text === '1' ? 'session' : 'sessions'}`;
  }
  return text;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

function systemOf(ua: string): string | null {
  const windows = ua.match(/Windows NT (\d+\.\d+)/);
  if (windows)
    return { '10.0': 'Windows 10', '6.3': 'Windows 8.1', '6.1': 'Windows 7' }[windows[1]!] ?? 'Windows';
  const android = ua.match(/Android (\d+)/);
  if (android) return `Android ${android[1]}`;
  const ios = ua.match(/(?:iPhone|CPU) OS (\d+)/);
  if (ios) return `iOS ${ios[1]}`;
  if (/iPad/.test(ua)) return 'iPadOS';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

/**
 * A User-Agent in a few words — 'Chrome 131 on Windows 10', 'Safari 18 on iOS 18', 'curl/8.5.0' —
 * for the log's narrow column (the whole string is its title); '' when there is none.
 */
export function userAgentSummary(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return '';
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = ua.match(pattern);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = systemOf(ua);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  // Not a browser: a script or app names itself first (curl/8.5.0, node, …).
  const first = ua.split(/\s+/)[0]!;
  return system ? `${first} on ${system}` : first.length > 40 ? `${first.slice(0, 39)}…` : first;
}
