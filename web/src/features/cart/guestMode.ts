/** The guest-mode flag (spec section 4): stored under `guestModeEnabled` as "true" or "false", default on. */
export { GUEST_MODE_KEY } from './storageKeys';

export function parseGuestMode(raw: string | null | undefined): boolean {
  return raw !== 'false';
}

export const STORAGE_ERROR = {
  title: 'Storage Error',
  description: 'Failed to save your cart. Please make sure cookies are enabled.',
} as const;
