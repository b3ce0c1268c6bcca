import { describe, expect, it } from 'vitest';
import { cachedCartKey, pollCart, polledCartKey } from './useCartPoll';

const answer = (status: number, body?: unknown, etag?: string) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: etag ? { etag } : {},
  });

describe('pollCart', () => {
  it('asks with the last tag, and reads a 304 as unchanged', async () => {
    const asked: RequestInit[] = [];
    const outcome = await pollCart('W/"cart-a"', async (_url, init) => {
      asked.push(init ?? {});
      return answer(304);
    });
    expect(outcome).toEqual({ kind: 'unchanged' });
    expect(asked[0].headers).toEqual({ 'if-none-match': 'W/"cart-a"' });
    expect(asked[0].cache).toBe('no-store');
  });

  it('reads a 200 as changed, with its tag and lines', async () => {
    const lines = [{ id: 'l1', quantity: 2, price: 12.5 }];
    const outcome = await pollCart(null, async () => answer(200, lines, 'W/"cart-b"'));
    expect(outcome).toEqual({ kind: 'changed', tag: 'W/"cart-b"', lines });
  });

  it('reads a 401, a server error and a network failure as unknown', async () => {
    expect(await pollCart(null, async () => answer(401, { message: 'x' }))).toEqual({ kind: 'unknown' });
    expect(await pollCart(null, async () => answer(500, { message: 'x' }))).toEqual({ kind: 'unknown' });
    expect(
      await pollCart(null, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ kind: 'unknown' });
  });
});

describe('the first poll compared with the cache', () => {
  it('matches the same lines in cents and dollars, and tells a changed quantity or price', () => {
    const cached = [{ id: 'l1', quantity: 2, unitPriceCents: 1999 }];
    expect(cachedCartKey(cached)).toBe(polledCartKey([{ id: 'l1', quantity: 2, price: 19.99 }]));
    expect(cachedCartKey(cached)).not.toBe(polledCartKey([{ id: 'l1', quantity: 3, price: 19.99 }]));
    expect(cachedCartKey(cached)).not.toBe(polledCartKey([{ id: 'l1', quantity: 2, price: 17.99 }]));
    expect(cachedCartKey([])).toBe(polledCartKey([]));
  });
});
