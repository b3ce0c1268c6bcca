import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import RegisterPage from './RegisterPage';
import { MeQueryDocument } from './useCurrentUser';

const MEMBER = {
  __typename: 'User' as const,
  id: 'u1',
  username: 'buyer',
  role: 'user',
  roles: ['user'],
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  displayName: 'buyer',
  email: 'buyer@example.com',
};

function render(url: string, me: typeof MEMBER | null): string {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  client.writeQuery({ query: MeQueryDocument, data: { me } });
  return renderToString(
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[url]}>
          <RegisterPage />
        </MemoryRouter>
      </ChakraProvider>
    </ApolloProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('RegisterPage with a store purchase invitation', () => {
  it('prefills the email and says the purchase waits for the account', () => {
    const html = render('/register?email=buyer%40example.com&storeInvite=abc_123-XYZ', null);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="buyer@example.com"/);
    expect(text(html)).toContain('Your store purchase is waiting for you');
    expect(text(html)).toContain('(buyer@example.com)');
  });

  it('is the plain form without an invitation', () => {
    const html = render('/register', null);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value=""/);
    expect(text(html)).not.toContain('store purchase');
  });

  it('claims the invitation for a signed-in member instead of showing the form', () => {
    const html = render('/register?storeInvite=abc_123-XYZ', MEMBER);
    expect(text(html)).toContain('Adding your store purchase...');
    expect(html).not.toContain('name="email"');
  });
});
