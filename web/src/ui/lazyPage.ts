import { type ComponentType, createElement, lazy, type ReactElement } from 'react';

/** A page loaded on first use, which can also be loaded ahead of it. */
export type LazyPage<P = any> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, but once its module has arrived the page renders at once instead of suspending
 * for a tick. A server-rendered page is loaded before React adopts its HTML (main.tsx), so that
 * React can hydrate it in the same pass; suspended there, any update in the meantime (the stored
 * guest cart, say) would replace the server's HTML with the loading spinner.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page(props: P): ReactElement {
    return createElement(loaded ?? (Lazy as ComponentType<P>), props);
  }
  return Object.assign(Page, { preload });
}
