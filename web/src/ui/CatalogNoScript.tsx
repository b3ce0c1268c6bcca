import { Button } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';

/**
 * A catalogue without any script (issue 30): its filters, sort and price boxes name this form
 * (their `form` attribute), which exists only in a browser that runs no script — it is inside a
 * `<noscript>`, whose content such a browser reads as HTML and every other one as text, and React
 * renders on the server only. So with scripts the controls belong to no form and nothing changes:
 * the entry and the app apply a choice at once (ssr/earlyFilters.ts, the pages' handlers). Without,
 * "Apply filters" sends them as the page's URL parameters, which the server renders filtered.
 */
export const CATALOG_FORM_ID = 'catalog-filters';

/** Hidden fields for the page's URL parameters that `keep` accepts (the ones a form does not hold itself). */
function KeptParameters({ keep }: { keep: (name: string) => boolean }) {
  const [params] = useSearchParams();
  return [...params]
    .filter(([name, value]) => value && keep(name))
    .map(([name, value], index) => (
      <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
    ));
}

/** The filters' form and its "Apply filters" button, for a browser that runs no script. */
export function NoScriptFiltersForm() {
  return (
    <noscript>
      <form id={CATALOG_FORM_ID} method="get">
        {/* The search is the search form's: kept as it is. */}
        <KeptParameters keep={(name) => name === 'q'} />
        <Button type="submit" size="sm" w="full">
          Apply filters
        </Button>
      </form>
    </noscript>
  );
}

/** In the search form: the page's filters and sort, kept when a search is sent without a script. */
export function NoScriptKeptFilters() {
  return (
    <noscript>
      <KeptParameters keep={(name) => name !== 'q'} />
    </noscript>
  );
}
