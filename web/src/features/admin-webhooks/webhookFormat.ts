/** Display helpers of the admin webhook pages (pure: unit-tested in webhookFormat.spec.ts). */

export interface StatusLook {
  label: string;
  palette: 'green' | 'orange' | 'red' | 'gray';
}

/** A message's status badge. */
export function messageStatus(status: string): StatusLook {
  switch (status) {
    case 'succeeded':
      return { label: 'Delivered', palette: 'green' };
    case 'pending':
      return { label: 'Pending', palette: 'orange' };
    case 'failed':
      return { label: 'Failed', palette: 'red' };
    default:
      return { label: status, palette: 'gray' };
  }
}

/** "204 · 35 ms", "No answer · 10000 ms", or "—" before the first attempt. */
export function lastResponse(
  status: number | null | undefined,
  durationMs: number | null | undefined,
): string {
  if (durationMs == null) return '—';
  return `${status ?? 'No answer'} · ${durationMs} ms`;
}

/** A JSON text indented for reading (as it came when it is not JSON). */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Checks the endpoint form before sending it; the server checks again (addresses, https). */
export function checkEndpointInput(input: { url: string; events: string[] }): {
  url?: string;
  events?: string;
} {
  const errors: { url?: string; events?: string } = {};
  const url = input.url.trim();
  if (!url) errors.url = 'Enter the URL that receives the webhooks';
  else if (!/^https?:\/\/[^\s]+$/i.test(url)) errors.url = 'Write the URL in full, starting with https://';
  if (input.events.length === 0) errors.events = 'Choose at least one event';
  return errors;
}
