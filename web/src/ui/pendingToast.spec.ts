import { describe, expect, it } from 'vitest';
import { PENDING_TOAST_KEY, savePendingToast, takePendingToast } from './pendingToast';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('pending toast', () => {
  it('keeps a toast under drx_pending_toast until it is taken once', () => {
    const storage = memoryStorage();
    savePendingToast({ title: 'Login successful', description: 'Welcome back', type: 'success' }, storage);
    expect(storage.values.has(PENDING_TOAST_KEY)).toBe(true);
    expect(PENDING_TOAST_KEY).toBe('drx_pending_toast');

    expect(takePendingToast(storage)).toEqual({
      title: 'Login successful',
      description: 'Welcome back',
      type: 'success',
    });
    expect(takePendingToast(storage)).toBeNull();
  });

  it('ignores corrupted values and missing storage', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_TOAST_KEY, '{not json');
    expect(takePendingToast(storage)).toBeNull();
    storage.setItem(PENDING_TOAST_KEY, JSON.stringify({ description: 'no title' }));
    expect(takePendingToast(storage)).toBeNull();
    expect(takePendingToast(null)).toBeNull();
  });
});
