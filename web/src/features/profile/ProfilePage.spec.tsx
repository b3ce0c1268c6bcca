import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import ProfilePage, { ProfilePageQueryDocument } from './ProfilePage';

const ME = {
  __typename: 'User' as const,
  id: 'u1',
  username: 'rosa',
  displayName: 'Rosa',
  firstName: 'Rosa',
  lastName: null,
  email: 'rosa@example.com',
  emailVerified: false,
  role: 'user',
  roles: ['user'],
  profileImageUrl: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

function render(me: typeof ME): string {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  client.writeQuery({ query: ProfilePageQueryDocument, data: { me } });
  return renderToString(
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={['/profile']}>
          <ProfilePage />
        </MemoryRouter>
      </ChakraProvider>
    </ApolloProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('/profile: the email, its confirmation and the sign-in settings', () => {
  it('marks an unconfirmed email "Not verified" and offers to send the link again', () => {
    const page = text(render(ME));
    expect(page).toContain('rosa@example.com');
    expect(page).toContain('Not verified');
    expect(page).toContain('Send again');
    expect(page).toContain('Change email');
    expect(page).toContain('Change password');
  });

  it('marks a confirmed email "Verified", without "Send again"', () => {
    const page = text(render({ ...ME, emailVerified: true }));
    expect(page).toContain('Verified');
    expect(page).not.toContain('Not verified');
    expect(page).not.toContain('Send again');
  });

  it('asks an account without an email to add one', () => {
    const page = text(render({ ...ME, email: null as unknown as string, emailVerified: false }));
    expect(page).not.toContain('Not verified');
    expect(page).toContain('Add an email address');
  });
});
