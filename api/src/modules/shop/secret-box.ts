import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (the connected store's tokens): AES-256-GCM with a random 12-byte IV, written as
 * `v1:<iv>:<tag>:<ciphertext>` (each part base64). `label` (e.g. the column's name) is bound in as
 * additional authenticated data, so a ciphertext copied into another column does not decrypt.
 * A wrong key, a changed byte or another label makes `decryptSecret` throw; nothing half-decrypted is
 * ever returned.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new SecretBoxError('The secrets key must be 32 bytes (AES-256).');
}

/** Encrypts `plaintext` with `key` (32 bytes); a new random IV each time. */
export function encryptSecret(key: Buffer, plaintext: string, label = ''): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(label, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), data.toString('base64')].join(':');
}

/** Decrypts what `encryptSecret` wrote with the same key and label; throws SecretBoxError otherwise. */
export function decryptSecret(key: Buffer, sealed: string, label = ''): string {
  checkKey(key);
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretBoxError('Not a sealed secret (expected v1:<iv>:<tag>:<data>).');
  }
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, 'base64');
  const tag = Buffer.from(tagText, 'base64');
  const data = Buffer.from(dataText, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretBoxError('A sealed secret’s IV or tag has the wrong length.');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(label, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('The secret could not be decrypted (wrong key, or it was changed).');
  }
}
