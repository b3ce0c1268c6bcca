import { useCallback, useState } from 'react';
import { initialTimeZone, rememberTimeZone } from '../../lib/slotTime';

/** The booker's zone: remembered choice, else the browser's; changing it remembers it. */
export function useBookerTimeZone(): [string, (zone: string) => void] {
  const [zone, setZone] = useState(() => initialTimeZone());
  const change = useCallback((next: string) => {
    rememberTimeZone(next);
    setZone(next);
  }, []);
  return [zone, change];
}
