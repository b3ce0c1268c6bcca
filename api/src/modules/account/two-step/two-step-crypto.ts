import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The authenticator secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the session
 * secret, so a copy of the database alone does not give the codes. Changing SESSION_SECRET makes
 * the stored secrets unreadable: those accounts then sign in with a recovery code and set two-step
 * up again. `plain:` marks the published demo key the seed stores (it is public anyway, and the
 * seed runs without the server's settings); a production start refuses to run while it is there.
 */
const VERSION = 'v1';
const PLAIN = 'plain:';

function keyOf(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'drx', 'two-step secret', 32));
}

export function sealSecret(secret: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.');
}

/** The secret, or null when it was sealed under another session secret (or is damaged). */
export function openSecret(stored: string, sessionSecret: string): string | null {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** How the seed stores the published demo key. */
export const plainSecret = (secret: string) => `${PLAIN}${secret}`;

/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as `xxxxx-xxxxx`. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  // 31 symbols; the tiny modulo bias of a byte is harmless for 10 codes of ~49 bits.
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What is stored of a recovery code: a SHA-256 of it as typed without case, spaces or dashes. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** A recovery code as typed (10 symbols once spaces and dashes are gone). */
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));

/** An authenticator code as typed: 6 digits (spaces allowed, as apps show "123 456"). */
export const looksLikeTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
