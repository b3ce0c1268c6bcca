import { ChakraProvider } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../theme';
import { ConnectionListFrame } from './ConnectionListFrame';

type Props = ComponentProps<typeof ConnectionListFrame<string>>;

const base: Props = {
  connection: undefined,
  loading: false,
  pager: { hasMore: false, loadingMore: false, loadMore: () => Promise.resolve() },
  loadingLabel: 'Loading orders…',
  errorTitle: 'The orders could not be loaded',
  emptyIcon: null,
  emptyTitle: 'No orders match',
  children: (nodes) => (
    <ul>
      {nodes.map((n) => (
        <li key={n}>row {n}</li>
      ))}
    </ul>
  ),
};

function render(props: Partial<Props>): string {
  const html = renderToString(
    <ChakraProvider value={system}>
      <ConnectionListFrame {...base} {...props} />
    </ChakraProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('ConnectionListFrame', () => {
  it('shows the spinner while the first page loads', () => {
    expect(render({ loading: true })).toContain('Loading orders…');
  });

  it('shows the error with its message when nothing could be loaded', () => {
    expect(render({ error: { message: 'Network down' } })).toContain(
      'The orders could not be loaded : Network down',
    );
  });

  it('shows the empty state for no rows, with its description when given', () => {
    const html = render({ connection: { nodes: [] }, emptyDescription: 'Try another search.' });
    expect(html).toContain('No orders match');
    expect(html).toContain('Try another search.');
  });

  it('renders the rows, and "Load more" only when there is a next page', () => {
    const rows = render({ connection: { nodes: ['a', 'b'] } });
    expect(rows).toContain('row a');
    expect(rows).toContain('row b');
    expect(rows).not.toContain('Load more');
    const paged = render({
      connection: { nodes: ['a'] },
      pager: { hasMore: true, loadingMore: false, loadMore: () => Promise.resolve() },
    });
    expect(paged).toContain('Load more');
  });
});
