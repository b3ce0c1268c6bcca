import { Box, type BoxProps } from '@chakra-ui/react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router-dom';

/** The filters asked for last (as a query string) and not yet shown, with change listeners. */
interface Asked {
  get: () => string | null;
  set: (query: string | null) => void;
  subscribe: (listener: () => void) => () => void;
}

function createAsked(): Asked {
  let query: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => query,
    set(next) {
      if (next === query) return;
      query = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A catalogue's filters in the URL (`useSearchParams`), and a change's way to the page followed for
 * {@link CatalogResults}. The router applies a change as a transition, in which the whole catalogue
 * renders again: on an idle desktop its results changed 190–260 ms after the choice (600–900 ms on
 * a phone, CPU slowed 4×) and until then stayed as they were, with nothing said (issue 30: the
 * filters answer within 200 ms). The change is noted outside React's state, so only the results'
 * frame draws itself busy, in the next frame, without the catalogue rendering again for it.
 */
export function useCatalogParams() {
  const [params, setParams] = useSearchParams();
  const [asked] = useState(createAsked);
  const shown = params.toString();
  useEffect(() => {
    // Shown (or left for another address, back or forward): nothing is on its way any more.
    asked.set(null);
  }, [asked, shown]);
  const change = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      asked.set(next.toString());
      setParams(next, options);
    },
    [asked, setParams],
  );
  return { params, setParams: change, asked, shown };
}

/**
 * A catalogue's results (`data-catalog-results`: the page's entry marks them too before the app,
 * ssr/earlyFilters.ts): busy and dimmed while a change of its filters is on its way.
 */
export function CatalogResults({
  asked,
  shown,
  children,
  ...props
}: BoxProps & { asked: Asked; shown: string }) {
  const query = useSyncExternalStore(asked.subscribe, asked.get, () => null);
  const busy = query !== null && query !== shown;
  return (
    <Box
      data-catalog-results=""
      aria-busy={busy || undefined}
      opacity={busy ? 0.45 : undefined}
      cursor={busy ? 'progress' : undefined}
      {...props}
    >
      {children}
    </Box>
  );
}
