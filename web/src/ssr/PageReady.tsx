import { useEffect } from 'react';
import { releaseEarlyInput } from './earlyInput';

/**
 * Rendered after a page's content, inside its loading boundary (router.tsx), on the server and in
 * the browser alike: its effect runs once React has adopted that page (a boundary hydrates after
 * the frame around it), and a button pressed before is pressed again then (earlyInput.ts).
 */
export function PageReady(): null {
  useEffect(releaseEarlyInput, []);
  return null;
}
