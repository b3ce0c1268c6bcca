import { useEffect } from 'react';

export const SITE_NAME = 'DRX';

/**
 * The site's own title (web/index.html), shown by pages that set none. The server writes a public
 * page's own title into the HTML it sends (api/src/modules/seo), so a page restores this one, not
 * the title the document was loaded with.
 */
export const SITE_TITLE = `${SITE_NAME} — Dance education marketplace`;

/** Sets the browser tab's title to "{title} — DRX" while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${SITE_NAME}`;
    return () => {
      document.title = SITE_TITLE;
    };
  }, [title]);
}
