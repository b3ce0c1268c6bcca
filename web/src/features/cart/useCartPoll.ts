import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { answerTimes } from '../../apollo/staleTime';
import { CartDocument } from './cartDocuments';

/** The cart query's operation name (its answer time is kept under it: apollo/staleTime.ts). */
const CART_OPERATION = 'Cart';

/** A line of `GET /api/cart` as far as the first poll compares it. */
interface PolledLine {
  id: string;
  quantity: number;
  price: number;
}

/** What the cache's cart shows, in the terms of `GET /api/cart`: line ids, quantities and prices. */
export function cachedCartKey(lines: { id: string; quantity: number; unitPriceCents: number }[]): string {
  return lines.map((l) => `${l.id}:${l.quantity}:${l.unitPriceCents}`).join('|');
}

export function polledCartKey(lines: PolledLine[]): string {
  return lines.map((l) => `${l.id}:${l.quantity}:${Math.round(l.price * 100)}`).join('|');
}

/**
 * What one poll found: `unchanged` (304: the server's cart is the one last seen), `changed`, or
 * `unknown` (a failure or a 401: the next poll asks again; the session's own query notices a
 * sign-out).
 */
export type PollOutcome =
  { kind: 'unchanged' } | { kind: 'changed'; tag: string | null; lines: PolledLine[] } | { kind: 'unknown' };

/** One `GET /api/cart`, conditional on `tag`. */
export async function pollCart(tag: string | null, fetchImpl: typeof fetch = fetch): Promise<PollOutcome> {
  try {
    const res = await fetchImpl('/api/cart', {
      headers: tag ? { 'if-none-match': tag } : {},
      // The conditional request is ours: the browser's cache would turn a 304 back into a 200.
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (res.status === 304) return { kind: 'unchanged' };
    if (!res.ok) return { kind: 'unknown' };
    return { kind: 'changed', tag: res.headers.get('etag'), lines: (await res.json()) as PolledLine[] };
  } catch {
    return { kind: 'unknown' };
  }
}

/**
 * The header's cart poll (spec section 9: refetched every `intervalMs` while signed in, not while
 * the tab is hidden — as the spec's client's refetch interval does): `GET /api/cart` with the last
 * answer's ETag. An unchanged cart answers an empty 304, which dates the cached cart as fresh; a
 * changed one (another tab, another device, a price the catalogue changed, a membership's discount)
 * asks the cart query again, so every view reads it from Apollo's cache. The first answer is
 * compared with the cache instead, so a page that just fetched its cart does not fetch it twice.
 * The server answers the poll without GraphQL (api/src/modules/cart/cart-list.route.ts).
 */
export function useCartPoll(enabled: boolean, intervalMs: number): void {
  const client = useApolloClient();
  useEffect(() => {
    if (!enabled) return undefined;
    let tag: string | null = null;
    let inFlight = false;
    const tick = async () => {
      if (inFlight || document.visibilityState === 'hidden') return;
      inFlight = true;
      try {
        const outcome = await pollCart(tag);
        if (outcome.kind === 'unchanged') {
          answerTimes.record(CART_OPERATION, Date.now());
        } else if (outcome.kind === 'changed') {
          const first = tag === null;
          tag = outcome.tag;
          const cached = client.readQuery({ query: CartDocument })?.cart;
          const same = first && cached && cachedCartKey(cached.items) === polledCartKey(outcome.lines);
          if (same) answerTimes.record(CART_OPERATION, Date.now());
          else
            await client.query({ query: CartDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
        }
      } finally {
        inFlight = false;
      }
    };
    const timer = window.setInterval(() => void tick(), intervalMs);
    return () => window.clearInterval(timer);
  }, [enabled, intervalMs, client]);
}
