import { ChakraProvider, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import { choosableScopes } from './apiTokenFormat';
import { CreateTokenForm, type CreateTokenFormProps } from './CreateTokenForm';
import { NewTokenSecret } from './NewTokenSecret';
import { RevokeTokenForm } from './RevokeTokenDialog';

const SCOPES = [
  { name: 'catalog:read', description: 'Read the public catalogue.' },
  { name: 'orders:read', description: 'Read my orders.' },
  { name: 'admin', description: 'Staff work.' },
];

const render = (node: ReactNode) => renderToString(<ChakraProvider value={system}>{node}</ChakraProvider>);
const inDialog = (node: ReactNode) => render(<Dialog.Root open>{node}</Dialog.Root>);
/** The visible text: no style sheets, no React's text separators, no tags. */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const formProps: CreateTokenFormProps = {
  scopes: choosableScopes(SCOPES, false),
  pending: false,
  errors: { fields: {}, form: [] },
  onCreate: () => Promise.resolve(true),
  onClose: () => undefined,
};

describe('CreateTokenForm', () => {
  it('offers a name, each scope given with what it allows, and the expiry (30 days first chosen)', () => {
    const html = inDialog(<CreateTokenForm {...formProps} />);
    expect(html).toContain('name="name"');
    expect(html).toContain('value="catalog:read"');
    expect(text(html)).toContain('Read the public catalogue.');
    expect(text(html)).toContain('Read my orders.');
    // A member is not offered the admin scope (choosableScopes).
    expect(html).not.toContain('value="admin"');
    expect(html).toMatch(/<option value="30" selected="">30 days<\/option>/);
    expect(html).toContain('<option value="">No expiry</option>');
    expect(text(html)).toContain('Create token');
  });

  it('shows the server’s refusals next to their fields and the rest above the form', () => {
    const html = text(
      inDialog(
        <CreateTokenForm
          {...formProps}
          scopes={choosableScopes(SCOPES, true)}
          errors={{
            fields: { name: 'The name must be at most 100 characters.', scopes: 'Unknown scope.' },
            form: ['You have 25 active tokens, the most allowed.'],
          }}
        />,
      ),
    );
    expect(text(html)).toContain('The name must be at most 100 characters.');
    expect(text(html)).toContain('Unknown scope.');
    expect(text(html)).toContain('You have 25 active tokens, the most allowed.');
    expect(html).toContain('Staff work.');
  });
});

describe('NewTokenSecret', () => {
  it('shows the secret once with the warning and a Copy button', () => {
    const html = render(
      <NewTokenSecret name="CI" secret="drx_abcdefghijklmnop" onDismiss={() => undefined} />,
    );
    expect(text(html)).toContain('Copy this token now. You will not be able to see it again.');
    expect(html).toContain('value="drx_abcdefghijklmnop"');
    expect(html).toMatch(/<input[^>]*readOnly|<input[^>]*readonly/);
    expect(text(html)).toContain('Copy');
    expect(text(html)).toContain('I have copied it');
  });
});

describe('RevokeTokenForm', () => {
  const base = { pending: false, onConfirm: () => Promise.resolve(true), onClose: () => undefined };
  it('names the token, and on the admin page its owner', () => {
    const mine = text(
      inDialog(<RevokeTokenForm {...base} target={{ id: '1', name: 'CI', tokenPrefix: 'drx_abc123' }} />),
    );
    expect(mine).toContain('Revoke “CI”?');
    expect(mine).toContain('drx_abc123…');
    expect(mine).not.toContain('@');
    const theirs = text(
      inDialog(
        <RevokeTokenForm
          {...base}
          target={{ id: '1', name: 'CI', tokenPrefix: 'drx_abc123', ownerUsername: 'member' }}
        />,
      ),
    );
    expect(theirs).toContain('The token of @member');
    expect(theirs).toContain('Revoke token');
  });
});
