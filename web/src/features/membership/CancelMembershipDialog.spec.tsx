import { ChakraProvider, Dialog } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import { CancelMembershipForm, type CancelMembershipFormProps } from './CancelMembershipDialog';
import { CANCEL_REASONS } from './membershipFormat';

const base: CancelMembershipFormProps = {
  planName: 'Member',
  accessUntil: '2026-12-01T12:00:00Z',
  pending: false,
  onConfirm: () => Promise.resolve(true),
  onClose: () => undefined,
};

function render(props: Partial<CancelMembershipFormProps> = {}): string {
  return renderToString(
    <ChakraProvider value={system}>
      <Dialog.Root open role="alertdialog">
        <CancelMembershipForm {...base} {...props} />
      </Dialog.Root>
    </ChakraProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('CancelMembershipForm', () => {
  it('says access lasts until the period end, offers every reason (optional) and a comment', () => {
    const html = render();
    expect(text(html)).toContain('Cancel your Member membership?');
    expect(text(html)).toContain('You keep every benefit until Dec 1, 2026');
    expect(text(html)).toContain('Why are you leaving? (optional)');
    for (const reason of CANCEL_REASONS) expect(html).toContain(`value="${reason.value}"`);
    expect(html).toContain('name="comment"');
    expect(text(html)).toContain('Keep membership');
    expect(html).toMatch(/<button[^>]*type="submit"(?![^>]*disabled)[^>]*>[\s\S]*Cancel membership/);
  });

  it('shows a refusal from the server above the survey', () => {
    expect(text(render({ formError: 'Nothing to cancel.' }))).toContain('Nothing to cancel.');
  });
});
