import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text and the trimmed search it settles on a moment after typing stops, so a
 * list is not queried on every key.
 */
export function useDebouncedSearch(delayMs = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return { text, setText, search };
}
