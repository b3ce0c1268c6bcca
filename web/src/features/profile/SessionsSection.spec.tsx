import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MySessionsQuery } from '../../gql/graphql';
import { system } from '../../theme';
import { MySessionsQueryDocument } from './sessionDocuments';
import { SessionsSection } from './SessionsSection';

type Session = MySessionsQuery['mySessions'][number] & { __typename: 'AccountSession' };

const HERE: Session = {
  __typename: 'AccountSession',
  id: 'a',
  current: true,
  browser: 'Chrome 131',
  os: 'Linux',
  device: 'desktop',
  ipAddress: '127.0.0.1',
  place: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  lastActiveAt: '2026-12-05T10:00:00.000Z',
};
const PHONE: Session = {
  ...HERE,
  id: 'b',
  current: false,
  browser: 'Safari 18',
  os: 'iOS 18',
  device: 'mobile',
  ipAddress: '81.2.69.160',
  place: 'United Kingdom',
};
const ELSEWHERE: Session = {
  ...PHONE,
  id: 'c',
  browser: 'Firefox 133',
  os: 'Windows 10',
  device: 'desktop',
  ipAddress: '2001:db8::7',
  place: null,
};

function render(sessions: Session[]): { text: string; buttons: string[]; html: string } {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  client.writeQuery({ query: MySessionsQueryDocument, data: { mySessions: sessions } });
  const html = renderToString(
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <SessionsSection />
      </ChakraProvider>
    </ApolloProvider>,
  );
  const text = html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  const buttons = [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) =>
    m[1]!
      .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, '')
      .trim(),
  );
  return { text, buttons, html };
}

describe('/profile: where you’re signed in', () => {
  it('marks this device and offers to sign out the others, one or all', () => {
    const { text: page, buttons } = render([HERE, PHONE]);
    expect(page).toContain('Where you’re signed in');
    expect(page).toContain('Chrome 131 on Linux · desktop · Local network');
    expect(page).toContain('This device');
    expect(page).toContain('Active now');
    expect(page).toContain('Safari 18 on iOS 18 · mobile · United Kingdom');
    expect(page).toContain('81.2.69.160');
    expect(page).toContain('Places are approximate, from IP2Location LITE data');
    expect(buttons).toEqual(['Sign out', 'Sign out of all other sessions']);
    expect(page).toContain('You are signed in here and in 1 other place.');
  });

  it('shows no place for an address it has none for, and no attribution without a place', () => {
    const { text: page } = render([HERE, ELSEWHERE]);
    expect(page).toContain('Firefox 133 on Windows 10 · desktop 2001:db8::7 Active');
    expect(page).not.toContain('IP2Location');
  });

  it('names the session and its place in the sign-out button’s label', () => {
    const { html } = render([HERE, PHONE]);
    expect(html).toContain('aria-label="Sign out Safari 18 on iOS 18 · mobile · United Kingdom"');
  });

  it('with only this session, has nothing to sign out', () => {
    const { text: page, buttons } = render([HERE]);
    expect(page).toContain('You are signed in only here.');
    expect(page).toContain('This device');
    expect(buttons).toEqual([]);
  });
});
