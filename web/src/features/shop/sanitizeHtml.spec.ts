import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from './sanitizeHtml';

describe('sanitizeHtml', () => {
  it('keeps the formatting a product description uses', () => {
    const html =
      '<p>Soft <strong>leather</strong> slippers, <em>split sole</em>.</p><ul><li>Sizes 6&ndash;9</li><li>Pink &amp; black</li></ul><br>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('moves headings below the page’s own h1 and h2', () => {
    expect(sanitizeHtml('<h1>Care</h1><h2>Fit</h2><h3>Sizes</h3><h6>x</h6>')).toBe(
      '<h3>Care</h3><h3>Fit</h3><h4>Sizes</h4><h6>x</h6>',
    );
  });

  it('drops scripts, styles and embedded documents with their content, and every event handler', () => {
    expect(sanitizeHtml('<p onclick="steal()">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeHtml('<style>body{display:none}</style><iframe src="https://x"></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>after')).toBe('after');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img src="x" alt="" loading="lazy">');
    expect(sanitizeHtml('<div style="background:url(javascript:alert(1))" class="x">t</div>')).toBe(
      '<div>t</div>',
    );
    expect(sanitizeHtml('<script>never closed')).toBe('');
  });

  it('keeps only http(s), mailto and relative links; outside links open safely in a new tab', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java&#x09;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" data:text/html,<b>x</b>">x</a>')).toBe('<a>x</a>');
    expect(
      sanitizeHtml('<a href="https://example.com/size-guide?a=1&amp;b=2" title="Size guide">guide</a>'),
    ).toBe(
      '<a href="https://example.com/size-guide?a=1&amp;b=2" title="Size guide" target="_blank" rel="noopener noreferrer nofollow">guide</a>',
    );
    expect(sanitizeHtml('<a href="/shop/tap-shoes">tap</a>')).toBe('<a href="/shop/tap-shoes">tap</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="a">')).toBe('');
    expect(safeUrl('mailto:shop@example.com')).toBe('mailto:shop@example.com');
    expect(safeUrl('vbscript:x')).toBeNull();
  });

  it('escapes what is not markup and closes what was left open', () => {
    expect(sanitizeHtml('5 < 6 > 4 & "quoted"')).toBe('5 &lt; 6 &gt; 4 &amp; "quoted"');
    expect(sanitizeHtml('<p>open <b>bold')).toBe('<p>open <b>bold</b></p>');
    expect(sanitizeHtml('</div>stray</p>')).toBe('stray');
    expect(sanitizeHtml('<!-- comment --><p>x</p><!doctype html>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p title="a>b">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<a href="/x" title="&quot;><script>alert(1)</script>">y</a>')).toBe(
      '<a href="/x" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">y</a>',
    );
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
  });
});
