import { type ReactElement, Suspense } from 'react';
import { createStaticHandler, matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { PageReady } from './ssr/PageReady';

describe('routes', () => {
  it('give every page its own lazily loaded route (route.lazy), and none to redirects and layouts', () => {
    const leaf = (path: string) => (matchRoutes(routes, path) ?? []).at(-1)?.route;
    for (const path of ['/', '/terms', '/cart', '/my-courses', '/admin/users/u1', '/no-such-page']) {
      expect(typeof leaf(path)?.lazy, path).toBe('function');
    }
    expect(leaf('/pricing')?.lazy).toBeUndefined();
  });

  it('are loaded by the static handler before the server renders them', async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://drx.local/terms'));
    if (context instanceof Response) throw new Error('not a page');
    expect(context.matches.at(-1)?.route.lazy).toBeUndefined();
    // The page in its loading boundary, then the mark that it is ready (ssr/PageReady.tsx).
    const element = context.matches.at(-1)?.route.element as ReactElement<{ children: ReactElement[] }>;
    expect(element.type).toBe(Suspense);
    expect(element.props.children.map((child) => child.type)).toContain(PageReady);
  });
});
