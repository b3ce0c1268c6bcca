/** A Web Storage area, as far as the app uses it (tests pass an in-memory one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's local storage, or null where there is none (or it is blocked). */
export function localStorageOrNull(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The list kept under `key`, read by `parse`; empty when missing, unreadable or blocked. */
export function loadStoredList<T>(
  storage: KeyValueStorage | null,
  key: string,
  parse: (raw: string | null) => T[],
): T[] {
  try {
    return parse(storage?.getItem(key) ?? null);
  } catch {
    return [];
  }
}

/** Writes a list under `key` (an empty one removes the key); false when the browser refused. */
export function saveStoredList<T>(storage: KeyValueStorage | null, key: string, items: T[]): boolean {
  if (!storage) return false;
  try {
    if (items.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(items));
    return true;
  } catch {
    return false;
  }
}
