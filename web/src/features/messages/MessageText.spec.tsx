import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import { MessageText } from './MessageText';

const render = (body: string) =>
  renderToString(
    <ChakraProvider value={system}>
      <MessageText body={body} />
    </ChakraProvider>,
  );

describe('MessageText', () => {
  it('shows markup in a message as text, never as elements', () => {
    const html = render('<img src=x onerror=alert(1)><script>alert(2)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('makes web addresses links that open in a new tab without the opener', () => {
    const html = render('Plan: https://example.com/a?b=1&c=2.\nBye');
    expect(html).toMatch(
      /<a[^>]*href="https:\/\/example.com\/a\?b=1&amp;c=2"[^>]*>https:\/\/example.com\/a\?b=1&amp;c=2<\/a>/,
    );
    expect(html).toMatch(/<a[^>]*target="_blank"/);
    expect(html).toMatch(/<a[^>]*rel="noopener noreferrer nofollow"/);
    expect(html).toContain('.\nBye');
  });

  it('does not link javascript: addresses', () => {
    const html = render('javascript:alert(1)');
    expect(html).not.toContain('<a');
  });
});
