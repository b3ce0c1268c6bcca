import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import { MeQueryDocument } from '../auth/useCurrentUser';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage, { RESET_TEXT } from './ResetPasswordPage';
import VerifyEmailPage, { VERIFY_TEXT } from './VerifyEmailPage';

function render(page: ReactElement, url: string): string {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  client.writeQuery({ query: MeQueryDocument, data: { me: null } });
  return renderToString(
    <ApolloProvider client={client}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
      </ChakraProvider>
    </ApolloProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('/forgot-password', () => {
  it('asks for a username or email and links back to sign-in', () => {
    const html = render(<ForgotPasswordPage />, '/forgot-password');
    expect(text(html)).toContain('Username or email');
    expect(html).toMatch(/<input[^>]*name="login"/);
    expect(html).toContain('href="/auth"');
  });
});

describe('/reset-password', () => {
  it('asks for the new password twice when the link has its token', () => {
    const html = render(<ResetPasswordPage />, '/reset-password?token=abc');
    expect(text(html)).toContain('New password');
    expect(text(html)).toContain('Confirm new password');
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    const passwords = inputs.filter((input) => input.includes('type="password"'));
    expect(passwords).toHaveLength(2);
    for (const input of passwords) expect(input).toMatch(/autoComplete="new-password"/i);
  });

  it('says a link without its token is incomplete and offers a new one', () => {
    const html = render(<ResetPasswordPage />, '/reset-password');
    expect(text(html)).toContain(RESET_TEXT.incompleteLink);
    expect(html).toContain('href="/forgot-password"');
    expect(html).not.toMatch(/<input[^>]*type="password"/);
  });
});

describe('/verify-email', () => {
  it('confirms at once: the page first says it is confirming', () => {
    const html = render(<VerifyEmailPage />, '/verify-email?token=abc');
    expect(text(html)).toContain('Confirming your email address');
  });

  it('says a link without its token is incomplete', () => {
    const html = render(<VerifyEmailPage />, '/verify-email');
    expect(text(html)).toContain(VERIFY_TEXT.incompleteLink);
    expect(html).toContain('href="/auth"');
  });
});
