/**
 * A signed-in member's cart as the server rendered it (issue 30, goal 2): the server's render ran
 * the header's `cart` query and handed its graph cache to the browser (serverState.ts,
 * `#drx-server-state`), so the entry can show the member's cart dropdown at their first tap,
 * before the app has arrived. Read from the page, not from the network; null when the page holds
 * no cart (not rendered by the server, or the app has taken the state already).
 */
import { renderedServerState } from './serverState';

/** One line of the member's cart, as the dropdown shows it. */
export interface MemberCartLine {
  id: string;
  title: string;
  itemType: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
}

export interface MemberCart {
  lines: MemberCartLine[];
  subtotalCents: number;
  itemCount: number;
}

type Cache = Record<string, Record<string, unknown> | undefined>;

/** A cache value with its `{ __ref }` followed to the normalized object. */
function follow(cache: Cache, value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  const ref = (value as { __ref?: unknown }).__ref;
  if (typeof ref === 'string') return cache[ref] ?? null;
  return value as Record<string, unknown>;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The member's cart in a graph cache's JSON (Apollo's normalized form), or null. */
export function memberCartOf(state: unknown): MemberCart | null {
  if (!state || typeof state !== 'object') return null;
  const cache = state as Cache;
  const cart = follow(cache, cache.ROOT_QUERY?.cart);
  if (!cart || !Array.isArray(cart.items)) return null;
  const lines: MemberCartLine[] = [];
  for (const raw of cart.items) {
    const item = follow(cache, raw);
    const unit = num(item?.unitPriceCents);
    const quantity = num(item?.quantity);
    const lineTotal = num(item?.lineTotalCents);
    if (!item || typeof item.id !== 'string' || typeof item.title !== 'string') return null;
    if (unit === null || quantity === null || lineTotal === null) return null;
    lines.push({
      id: item.id,
      title: item.title,
      itemType: typeof item.itemType === 'string' ? item.itemType : 'resource',
      unitPriceCents: unit,
      quantity,
      lineTotalCents: lineTotal,
    });
  }
  const subtotal = num(cart.subtotalCents);
  const count = num(cart.itemCount);
  if (subtotal === null || count === null) return null;
  return { lines, subtotalCents: subtotal, itemCount: count };
}

/** The member's cart the server rendered into this page, or null. */
export function renderedMemberCart(doc: Document = document): MemberCart | null {
  return memberCartOf(renderedServerState(doc));
}
