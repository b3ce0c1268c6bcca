import { useEffect, useRef, useState } from 'react';
import { fetchZipPlace, type ZipPlace, zipToLookUp } from './zipLookup';

export type ZipLookupState =
  | { status: 'idle' }
  | { status: 'loading'; zip: string }
  | { status: 'found'; place: ZipPlace }
  | { status: 'notFound'; zip: string }
  | { status: 'error'; message: string };

/**
 * Looks a typed US ZIP code up (`GET /api/zipcode-lookup/{zip}`) as soon as it has 5 digits, and
 * calls `onFound` once per new code so a form can fill city and state (which stay editable) and
 * suggest the time zone. The code the form starts with is not looked up: a saved address is never
 * overwritten by opening the form.
 */
export function useZipLookup(zipText: string, onFound?: (place: ZipPlace) => void): ZipLookupState {
  const zip = zipToLookUp(zipText);
  const initial = useRef(zip);
  const found = useRef(onFound);
  found.current = onFound;
  const [state, setState] = useState<ZipLookupState>({ status: 'idle' });

  useEffect(() => {
    if (!zip || zip === initial.current) {
      setState({ status: 'idle' });
      return;
    }
    initial.current = null; // once edited, going back to the first code looks it up too
    const controller = new AbortController();
    setState({ status: 'loading', zip });
    fetchZipPlace(zip, controller.signal)
      .then((place) => {
        if (controller.signal.aborted) return;
        if (!place) {
          setState({ status: 'notFound', zip });
          return;
        }
        setState({ status: 'found', place });
        found.current?.(place);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : 'ZIP code lookup failed',
        });
      });
    return () => controller.abort();
  }, [zip]);

  return state;
}

/** The line under a ZIP field for a lookup's state; null when there is nothing to say. */
export function zipLookupHint(state: ZipLookupState): string | null {
  switch (state.status) {
    case 'loading':
      return `Looking up ${state.zip}…`;
    case 'found':
      return `${state.place.city}, ${state.place.stateName} — city and state filled in (you can change them).`;
    case 'notFound':
      return `ZIP code ${state.zip} was not found: type the city and state.`;
    case 'error':
      return `${state.message}. Type the city and state.`;
    default:
      return null;
  }
}

/** The place of a saved US ZIP code (e.g. to suggest its time zone); null while loading, unknown or not a US code. */
export function useZipPlace(zipText: string | null | undefined): ZipPlace | null {
  const zip = zipToLookUp(zipText ?? '');
  const [place, setPlace] = useState<ZipPlace | null>(null);
  useEffect(() => {
    setPlace(null);
    if (!zip) return;
    const controller = new AbortController();
    fetchZipPlace(zip, controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setPlace(found);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [zip]);
  return place;
}
