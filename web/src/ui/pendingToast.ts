/**
 * A toast that must survive a full page load: sign-in and registration end with
 * `window.location.assign('/dashboard')`, so their success toast is parked in sessionStorage
 * and shown by the next page.
 */
import type { KeyValueStorage } from './browserStorage';

export const PENDING_TOAST_KEY = 'drx_pending_toast';

export type PendingToastType = 'success' | 'error' | 'info' | 'warning';

export interface PendingToast {
  title: string;
  description?: string;
  type?: PendingToastType;
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** Parks a toast for the next page load. */
export function savePendingToast(toast: PendingToast, storage = sessionStorageOrNull()): void {
  try {
    storage?.setItem(PENDING_TOAST_KEY, JSON.stringify(toast));
  } catch {
    // Storage full or disabled: the toast is simply not shown.
  }
}

/** Takes (reads and removes) the parked toast, if any. */
export function takePendingToast(storage = sessionStorageOrNull()): PendingToast | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(PENDING_TOAST_KEY);
    storage.removeItem(PENDING_TOAST_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as PendingToast).title === 'string') {
      const { title, description, type } = value as PendingToast;
      return {
        title,
        ...(typeof description === 'string' ? { description } : {}),
        ...(type ? { type } : {}),
      };
    }
  } catch {
    // Not ours or corrupted: ignore.
  }
  return null;
}
