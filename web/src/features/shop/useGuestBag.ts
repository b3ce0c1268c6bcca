import { useCallback, useSyncExternalStore } from 'react';
import {
  addBagLine,
  browserStorage,
  GUEST_BAG_KEY,
  type GuestBagLine,
  loadGuestBag,
  removeBagLine,
  saveGuestBag,
  setBagQuantity,
} from './guestBag';

/**
 * The guest bag as shared state: every component using it sees the same lines, and a change made
 * in another tab (the `storage` event) shows here too. No provider needed.
 */
const EMPTY: GuestBagLine[] = [];
let snapshot: GuestBagLine[] | null = null;
const listeners = new Set<() => void>();

function read(): GuestBagLine[] {
  snapshot ??= loadGuestBag();
  return snapshot;
}

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== GUEST_BAG_KEY) return;
  snapshot = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** Replaces the bag (and stores it); false when the browser refused to store it. */
export function writeGuestBag(change: (lines: GuestBagLine[]) => GuestBagLine[]): boolean {
  const next = change(read());
  snapshot = next;
  const saved = saveGuestBag(next, browserStorage());
  notify();
  return saved;
}

/** The stored lines now (outside React, e.g. at sign-in or checkout). */
export function currentGuestBag(): GuestBagLine[] {
  return read();
}

/** Forgets the cached lines (tests, and after the storage was changed behind our back). */
export function resetGuestBagCache(): void {
  snapshot = null;
}

export interface GuestBag {
  lines: GuestBagLine[];
  add: (variantId: string, quantity?: number) => boolean;
  setQuantity: (variantId: string, quantity: number) => boolean;
  remove: (variantId: string) => boolean;
  clear: () => boolean;
}

export function useGuestBag(): GuestBag {
  const lines = useSyncExternalStore(subscribe, read, () => EMPTY);
  const add = useCallback(
    (variantId: string, quantity = 1) => writeGuestBag((current) => addBagLine(current, variantId, quantity)),
    [],
  );
  const setQuantity = useCallback(
    (variantId: string, quantity: number) =>
      writeGuestBag((current) => setBagQuantity(current, variantId, quantity)),
    [],
  );
  const remove = useCallback(
    (variantId: string) => writeGuestBag((current) => removeBagLine(current, variantId)),
    [],
  );
  const clear = useCallback(() => writeGuestBag(() => []), []);
  return { lines, add, setQuantity, remove, clear };
}
