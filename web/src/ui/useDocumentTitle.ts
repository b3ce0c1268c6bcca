import { useEffect } from 'react';

export const SITE_NAME = 'DRX';

/** Sets the browser tab's title to "{title} — DRX" while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
