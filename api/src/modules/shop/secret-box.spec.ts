import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretBoxError } from './secret-box';

const key = randomBytes(32);

function flip(sealed: string, part: number): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[part]!, 'base64');
  bytes[0] = bytes[0]! ^ 1;
  parts[part] = bytes.toString('base64');
  return parts.join(':');
}

describe('secret box (AES-256-GCM)', () => {
  it('seals as v1:<iv>:<tag>:<data> and opens again with the same key', () => {
    // given a token
    const sealed = encryptSecret(key, 'shpat_0123456789abcdef');
    // then the stored form is versioned base64 without the token in it
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('shpat');
    const [, iv, tag] = sealed.split(':');
    expect(Buffer.from(iv!, 'base64')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64')).toHaveLength(16);
    // and it opens to the token
    expect(decryptSecret(key, sealed)).toBe('shpat_0123456789abcdef');
    expect(decryptSecret(key, encryptSecret(key, ''))).toBe('');
    expect(decryptSecret(key, encryptSecret(key, 'ünïcode ✓'))).toBe('ünïcode ✓');
  });

  it('uses a new random IV each time', () => {
    const a = encryptSecret(key, 'same');
    const b = encryptSecret(key, 'same');
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('refuses a changed IV, tag or ciphertext, another key, another label and garbage', () => {
    const sealed = encryptSecret(key, 'secret value', 'admin_token');
    expect(decryptSecret(key, sealed, 'admin_token')).toBe('secret value');
    for (const part of [1, 2, 3]) {
      expect(() => decryptSecret(key, flip(sealed, part), 'admin_token')).toThrow(SecretBoxError);
    }
    expect(() => decryptSecret(randomBytes(32), sealed, 'admin_token')).toThrow(/could not be decrypted/);
    expect(() => decryptSecret(key, sealed, 'webhook_secret')).toThrow(SecretBoxError);
    expect(() => decryptSecret(key, 'plain text')).toThrow(/Not a sealed secret/);
    expect(() => decryptSecret(key, sealed.replace(/^v1/, 'v2'), 'admin_token')).toThrow(
      /Not a sealed secret/,
    );
    expect(() => decryptSecret(key, 'v1:AA==:AA==:AA==')).toThrow(/wrong length/);
  });

  it('needs a 32-byte key', () => {
    expect(() => encryptSecret(randomBytes(16), 'x')).toThrow(/32 bytes/);
    expect(() => decryptSecret(randomBytes(31), 'v1:a:b:c')).toThrow(/32 bytes/);
  });
});
