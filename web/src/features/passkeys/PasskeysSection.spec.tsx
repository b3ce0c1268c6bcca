import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MyPasskeysQuery } from '../../gql/graphql';
import { system } from '../../theme';
import { MyPasskeysQueryDocument } from './passkeyDocuments';
import { PasskeysSection } from './PasskeysSection';
import { browserPasskeyProblem, PASSKEY_UI_TEXT } from './passkeyText';

type Passkey = MyPasskeysQuery['myPasskeys'][number] & { __typename: 'Passkey' };

const LAPTOP: Passkey = {
  __typename: 'Passkey',
  id: 'p1',
  name: 'Studio laptop',
  deviceType: 'singleDevice',
  backedUp: false,
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: null,
};

function render(passkeys: Passkey[]): string {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  client.writeQuery({ query: MyPasskeysQueryDocument, data: { myPasskeys: passkeys } });
  const html = renderToString(
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <PasskeysSection username="pia" />
      </ChakraProvider>
    </ApolloProvider>,
  );
  return html;
}

describe('/profile: passkeys', () => {
  it('lists my passkeys, each with Rename and Remove, and offers to add one', () => {
    const html = render([
      LAPTOP,
      { ...LAPTOP, id: 'p2', name: 'Phone', lastUsedAt: '2026-12-04T10:00:00.000Z' },
    ]);
    expect(html).toContain('Studio laptop');
    expect(html).toContain('Not used yet');
    expect(html).toContain('Last used');
    expect(html).toContain('aria-label="Rename Studio laptop"');
    expect(html).toContain('aria-label="Remove Phone"');
    expect(html).toContain('Add a passkey');
    // No password field until the server asks for it.
    expect(html).not.toContain('current-password');
  });

  it('says when there is none yet', () => {
    expect(render([])).toContain('You have no passkeys yet.');
  });

  it('tells a cancelled prompt from other failures', () => {
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    });
    expect(browserPasskeyProblem(cancelled)).toBe(PASSKEY_UI_TEXT.cancelled);
    expect(browserPasskeyProblem(new Error('boom'))).toBe(PASSKEY_UI_TEXT.failed);
  });
});
