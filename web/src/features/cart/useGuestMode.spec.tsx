import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestModeProvider } from './GuestModeProvider';
import { GUEST_MODE_KEY, parseGuestMode } from './guestMode';
import { GUEST_CART_KEY } from './guestCart';
import { useGuestMode } from './useGuestMode';

function Probe() {
  const { guestModeEnabled, guestCart } = useGuestMode();
  return <output>{`enabled=${guestModeEnabled};items=${guestCart.length}`}</output>;
}

// Made before any test stubs `window`.
const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });

function renderInProvider(): string {
  return renderToString(
    <ApolloProvider client={client}>
      <GuestModeProvider>
        <Probe />
      </GuestModeProvider>
    </ApolloProvider>,
  );
}

function stubLocalStorage(values: Record<string, string>) {
  const data = new Map(Object.entries(values));
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
      removeItem: (key: string) => data.delete(key),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useGuestMode', () => {
  it('throws outside its provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => renderToString(<Probe />)).toThrow('useGuestMode must be used within a GuestModeProvider');
    } finally {
      spy.mockRestore();
    }
  });

  it('is on by default (nothing stored, or no storage at all)', () => {
    expect(renderInProvider()).toContain('enabled=true;items=0');
    stubLocalStorage({});
    expect(renderInProvider()).toContain('enabled=true;items=0');
  });

  it('reads the stored flag and the stored guest cart', () => {
    stubLocalStorage({
      [GUEST_MODE_KEY]: 'false',
      [GUEST_CART_KEY]: JSON.stringify([
        { itemType: 'course', itemId: 'c-1', title: 'A', price: 10, quantity: 2 },
      ]),
    });
    expect(renderInProvider()).toContain('enabled=false;items=1');
  });

  it('parses the flag: only "false" turns it off', () => {
    expect(parseGuestMode(null)).toBe(true);
    expect(parseGuestMode('true')).toBe(true);
    expect(parseGuestMode('false')).toBe(false);
    expect(parseGuestMode('garbage')).toBe(true);
  });
});
