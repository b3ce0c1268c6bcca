import { useEffect } from 'react';

const SENT_KEY = 'drx.timeZoneSent';

/**
 * Tells the server the browser's time zone (`PATCH /api/user {timeZone}`, the REST row of
 * profileUpdate: no GraphQL document, which would add to every page's document map), once per tab
 * session and again when it changes, so mails that know no booking's zone — the assignment due-date
 * reminder — state times in it. For an enrolled learner's lesson page (`enabled`).
 */
export function useRecordTimeZone(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    try {
      if (sessionStorage.getItem(SENT_KEY) === zone) return;
      sessionStorage.setItem(SENT_KEY, zone);
    } catch {
      // Storage refused (private mode): send it anyway.
    }
    void fetch('/api/user', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: zone }),
    }).catch(() => undefined);
  }, [enabled]);
}
