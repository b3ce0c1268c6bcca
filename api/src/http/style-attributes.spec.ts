import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowStyleAttributes, styleAttributeValues } from './style-attributes';

const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

describe('style attributes of server-rendered HTML', () => {
  it('finds each value once, with the entities React writes decoded', () => {
    const html =
      '<form role="search" style="flex:2"><input style="font-family:&quot;A&amp;B&quot;, &#x27;C&#x27;"/></form>' +
      '<div data-style="x" class="a" style="flex:2"></div><p>style="not:an-attribute"</p>';
    expect(styleAttributeValues(html)).toEqual(['flex:2', `font-family:"A&B", 'C'`]);
  });

  it('allows exactly those values by hash, and changes nothing without any', () => {
    const policy = "default-src 'self'; style-src 'self' 'nonce-abc'";
    expect(allowStyleAttributes(policy, '<div class="x"></div>')).toBe(policy);
    expect(allowStyleAttributes(policy, '<div style="flex:2"></div><i style="color:red"></i>')).toBe(
      `${policy}; style-src-attr 'unsafe-hashes' ${sha('flex:2')} ${sha('color:red')}`,
    );
  });
});
