import { useCallback, useState } from 'react';
import { ACCOUNT_TEXT } from '../account';
import { fileNameOf } from './privacyText';

/**
 * Downloads GET /api/account/export as a file: fetched first (so a refusal — signed out, too many
 * downloads this hour — is shown beside the button instead of saved as a file), then handed to the
 * browser under the server's file name.
 */
export function useDataDownload() {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const res = await fetch('/api/account/export', { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        setError(res.status === 401 ? ACCOUNT_TEXT.signedOut : (body?.message ?? ACCOUNT_TEXT.noAnswer));
        return;
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameOf(res.headers.get('content-disposition'));
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(ACCOUNT_TEXT.connection);
    } finally {
      setLoading(false);
    }
  }, []);

  return { download, loading, error };
}
