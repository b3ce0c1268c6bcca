import { describe, expect, inject, it } from 'vitest';

// The server of this suite is the app as `npm start` runs it: one process on the embedded
// PostgreSQL. Requests at the same time must all be answered and every acknowledged write kept.
const base = () => inject('baseURL');
const json = { 'content-type': 'application/json' };

interface Member {
  cookie: string;
}

async function register(username: string): Promise<Member & { status: number }> {
  const res = await fetch(`${base()}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: 'many-at-once-1' }),
  });
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

async function firstResourceId(): Promise<string> {
  const res = await fetch(`${base()}/api/resources`);
  const { items } = (await res.json()) as { items: { id: string }[] };
  expect(items.length).toBeGreaterThan(0);
  return items[0].id;
}

function addToCart(member: Member, itemId: string) {
  return fetch(`${base()}/api/cart`, {
    method: 'POST',
    headers: { ...json, cookie: member.cookie },
    body: JSON.stringify({ itemType: 'resource', itemId, quantity: 1 }),
  });
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('the default server under concurrent use', () => {
  const stamp = Date.now().toString(36);
  let members: Member[] = [];
  let itemId = '';

  it('registers 30 accounts at once', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => register(`conc${stamp}${i}`)));
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 30 });
    members = results.slice(0, 10);
    itemId = await firstResourceId();
  });

  it('answers 200 concurrent signed-in reads and writes of 10 members without a 5xx', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        // each group of four requests (read user, read cart, add, graph) is one member's
        const member = members[Math.floor(i / 4) % members.length];
        const headers = { cookie: member.cookie };
        const kind = i % 4;
        const res =
          kind === 0
            ? await fetch(`${base()}/api/user`, { headers })
            : kind === 1
              ? await fetch(`${base()}/api/cart`, { headers })
              : kind === 2
                ? await addToCart(member, itemId)
                : await fetch(`${base()}/graphql`, {
                    method: 'POST',
                    headers: { ...json, ...headers },
                    body: JSON.stringify({ query: '{ me { username } cart { items { quantity } } }' }),
                  });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s < 300)).toBe(true);
    // 50 adds by 10 members: 5 each, all kept.
    const carts = await Promise.all(
      members.map(async (m) => (await fetch(`${base()}/api/cart`, { headers: { cookie: m.cookie } })).json()),
    );
    for (const cart of carts as { itemId: string; quantity: number }[][]) {
      expect(cart.find((line) => line.itemId === itemId)?.quantity).toBe(5);
    }
  });

  it('keeps every one of 20 concurrent adds of one item: one line with quantity 20', async () => {
    const [buyer] = await Promise.all([register(`adds${stamp}`)]);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await addToCart(buyer, itemId)).status),
    );
    expect(tally(statuses)).toEqual({ 201: 20 });
    const cart = (await (
      await fetch(`${base()}/api/cart`, { headers: { cookie: buyer.cookie } })
    ).json()) as {
      itemId: string;
      quantity: number;
    }[];
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ itemId, quantity: 20 });
  });

  it('keeps working afterwards', async () => {
    expect(await (await fetch(`${base()}/healthz`)).json()).toEqual({ status: 'ok' });
    const res = await fetch(`${base()}/api/user`, { headers: { cookie: members[0].cookie } });
    expect(res.status).toBe(200);
  });
});
