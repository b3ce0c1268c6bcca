import { ChakraProvider, Dialog } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../theme';
import { ReasonForm, type ReasonFormProps } from './ReasonDialog';

const base: ReasonFormProps = {
  title: 'Suspend “Barre & Beyond”?',
  description: 'The store leaves the public catalog.',
  placeholder: 'e.g. Repeated copyright complaints',
  maxLength: 500,
  confirmLabel: 'Suspend seller',
  pendingLabel: 'Suspending…',
  pending: false,
  onConfirm: () => Promise.resolve(true),
  onClose: () => undefined,
};

function render(props: Partial<ReasonFormProps> = {}): string {
  return renderToString(
    <ChakraProvider value={system}>
      <Dialog.Root open role="alertdialog">
        <ReasonForm {...base} {...props} />
      </Dialog.Root>
    </ChakraProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&');

describe('ReasonForm', () => {
  it('shows the title, what happens, a required reason with its count, Cancel and a disabled confirm', () => {
    const html = render();
    expect(text(html)).toContain('Suspend “Barre & Beyond”?');
    expect(text(html)).toContain('The store leaves the public catalog.');
    expect(html).toContain('name="reason"');
    expect(html).toContain('placeholder="e.g. Repeated copyright complaints"');
    expect(text(html)).toContain('500 characters left');
    expect(text(html)).toContain('Cancel');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>[\s\S]*Suspend seller/);
  });

  it('uses the given character count text', () => {
    const html = render({ charactersLeft: (reason, max) => `${max - reason.length} to go` });
    expect(text(html)).toContain('500 to go');
    expect(text(html)).not.toContain('characters left');
  });

  it('shows the server’s refusal of the reason instead of the count, and other refusals above', () => {
    const html = render({ reasonError: 'Give a reason.', formError: 'This seller is already suspended.' });
    expect(text(html)).toContain('Give a reason.');
    expect(text(html)).not.toContain('characters left');
    expect(text(html)).toContain('This seller is already suspended.');
  });
});
