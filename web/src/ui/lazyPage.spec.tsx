import { type ComponentType, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const render = (Page: ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>Loading</p>}>
      <Page name="Ines" />
    </Suspense>,
  );

describe('lazyPage', () => {
  it('suspends until its module is loaded, then renders at once', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: Hello };
    });
    expect(render(Page)).toContain('Loading');
    await Page.preload();
    expect(render(Page)).toContain('Hello <!-- -->Ines');
    await Page.preload();
    expect(loads).toBe(1);
  });

  it('loads again after a failed load', async () => {
    let fail = true;
    const Page = lazyPage(async () => {
      if (fail) throw new Error('offline');
      return { default: Hello };
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    fail = false;
    await Page.preload();
    expect(render(Page)).toContain('Ines');
  });
});
