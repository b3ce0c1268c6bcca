import Bowser from 'bowser';

/** The longest name a passkey may have. */
export const MAX_PASSKEY_NAME_LENGTH = 60;

/**
 * Common passkey providers by their AAGUID (a subset of the community list at
 * github.com/passkeydeveloper/passkey-authenticator-aaguids), to name a new passkey after where it
 * is kept. Only a default: the person can rename it.
 */
const PROVIDERS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
};

/**
 * A new passkey's name when the person gives none: its provider when the authenticator says
 * which (AAGUID), else the browser and system it was added on ("Chrome on Linux"), else "Passkey".
 */
export function defaultPasskeyName(
  aaguid: string | null | undefined,
  userAgent: string | null | undefined,
): string {
  const provider = aaguid ? PROVIDERS[aaguid.toLowerCase()] : undefined;
  if (provider) return provider;
  if (userAgent) {
    const parsed = Bowser.parse(userAgent);
    const browser = parsed.browser.name;
    const os = parsed.os.name;
    if (browser && os) return `${browser} on ${os}`.slice(0, MAX_PASSKEY_NAME_LENGTH);
    if (browser) return browser.slice(0, MAX_PASSKEY_NAME_LENGTH);
  }
  return 'Passkey';
}

/** A name the person typed, trimmed; null when empty or too long (the caller says which). */
export function cleanPasskeyName(name: string | null | undefined): string | null {
  const clean = (name ?? '').replace(/\s+/g, ' ').trim();
  return clean && clean.length <= MAX_PASSKEY_NAME_LENGTH ? clean : null;
}
