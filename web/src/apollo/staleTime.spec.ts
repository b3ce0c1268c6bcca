import { ApolloClient, ApolloLink, gql, InMemoryCache, Observable } from '@apollo/client';
import { buildSchema, execute, type FormattedExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CART_POLL_MS, CART_STALE_MS } from '../features/cart/useCart';
import { USER_STALE_MS } from '../features/auth/useCurrentUser';
import { AnswerTimes, answerTimesLink, refreshIfStale } from './staleTime';

/** A small graph executed in-process: the cart's item count, which the test changes. */
function graph() {
  const schema = buildSchema(`
    type Cart { itemCount: Int! }
    type Query { cart: Cart! }
    type Mutation { touch: Int! }
  `);
  const state = { itemCount: 1, asked: 0 };
  const rootValue = {
    cart: () => {
      state.asked += 1;
      return { itemCount: state.itemCount };
    },
    touch: () => 1,
  };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        Promise.resolve(
          execute({ schema, document: operation.query, rootValue, variableValues: operation.variables }),
        ).then((result) => {
          observer.next(result as FormattedExecutionResult as ApolloLink.Result);
          observer.complete();
        }, observer.error.bind(observer));
      }),
  );
  return { state, link };
}

const CART = gql`
  query Cart {
    cart {
      itemCount
    }
  }
`;
const TOUCH = gql`
  mutation Touch {
    touch
  }
`;

function setup() {
  const { state, link } = graph();
  const times = new AnswerTimes();
  let clock = 1_000_000;
  const client = new ApolloClient({
    link: answerTimesLink(times, () => clock).concat(link),
    cache: new InMemoryCache(),
  });
  const itemCount = () =>
    (client.readQuery({ query: CART }) as { cart: { itemCount: number } } | null)?.cart.itemCount;
  return { state, times, client, itemCount, now: () => clock, advance: (ms: number) => (clock += ms) };
}

describe('the spec’s client timings (section 9)', () => {
  it('are 10 s for the user, 1 s for the cart, polled every 3 s', () => {
    expect(USER_STALE_MS).toBe(10_000);
    expect(CART_STALE_MS).toBe(1000);
    expect(CART_POLL_MS).toBe(3000);
  });
});

describe('answerTimesLink', () => {
  it('records when each query was answered, not mutations', async () => {
    const t = setup();
    await t.client.query({ query: CART });
    expect(t.times.at('Cart')).toBe(t.now());
    t.advance(2500);
    await t.client.mutate({ mutation: TOUCH });
    expect(t.times.at('Touch')).toBeUndefined();
    await t.client.query({ query: CART, fetchPolicy: 'network-only' });
    expect(t.times.at('Cart')).toBe(t.now());
  });
});

describe('refreshIfStale', () => {
  it('leaves an answer younger than the stale time, and asks again for an older one', async () => {
    const t = setup();
    await t.client.query({ query: CART });
    t.state.itemCount = 2;
    t.advance(CART_STALE_MS - 100);
    expect(await refreshIfStale(t.client, CART, CART_STALE_MS, { times: t.times, now: t.now() })).toBe(false);
    expect(t.state.asked).toBe(1);
    expect(t.itemCount()).toBe(1);
    t.advance(200);
    expect(await refreshIfStale(t.client, CART, CART_STALE_MS, { times: t.times, now: t.now() })).toBe(true);
    expect(t.state.asked).toBe(2);
    expect(t.itemCount()).toBe(2);
  });

  it('asks once when several components mount together with a stale answer', async () => {
    const t = setup();
    await t.client.query({ query: CART });
    t.advance(USER_STALE_MS + 1);
    const asked = await Promise.all(
      [1, 2, 3].map(() => refreshIfStale(t.client, CART, USER_STALE_MS, { times: t.times, now: t.now() })),
    );
    expect(asked).toEqual([true, false, false]);
    expect(t.state.asked).toBe(2);
  });

  it('dates an answer the client did not fetch (the server render’s) when first seen', async () => {
    const t = setup();
    t.client.writeQuery({ query: CART, data: { cart: { __typename: 'Cart', itemCount: 5 } } });
    expect(await refreshIfStale(t.client, CART, CART_STALE_MS, { times: t.times, now: t.now() })).toBe(false);
    expect(t.state.asked).toBe(0);
    t.advance(CART_STALE_MS + 1);
    expect(await refreshIfStale(t.client, CART, CART_STALE_MS, { times: t.times, now: t.now() })).toBe(true);
    expect(t.itemCount()).toBe(1);
  });

  it('does nothing when nothing is cached (the component’s own query asks)', async () => {
    const t = setup();
    expect(await refreshIfStale(t.client, CART, CART_STALE_MS, { times: t.times, now: t.now() })).toBe(false);
    expect(t.state.asked).toBe(0);
  });
});
