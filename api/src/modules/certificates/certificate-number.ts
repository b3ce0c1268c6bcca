import { randomBytes } from 'node:crypto';

/** 32 characters without the look-alikes 0/O and 1/I (a byte's low 5 bits pick one uniformly). */
export const NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** DRX-<year>-<8 random characters>: about 10^12 numbers per year, so collisions are rare. */
export const NUMBER_PATTERN = /^DRX-\d{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

/** A fresh certificate number such as DRX-2026-7K3QF9XH (crypto-random). */
export function newCertificateNumber(issuedAt: Date = new Date(), random = randomBytes): string {
  const bytes = random(8);
  let suffix = '';
  for (const byte of bytes) suffix += NUMBER_ALPHABET[byte & 31];
  return `DRX-${issuedAt.getUTCFullYear()}-${suffix}`;
}

/** A number as a person may type it: trimmed, upper-cased, without spaces. */
export function normalizeCertificateNumber(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}
