import { Agent, request } from 'undici';
import { guardedLookup, literalHostRefusal } from './webhook-address';

/**
 * The one outgoing HTTP call of webhooks: POST with a 10 s budget for the whole exchange, no
 * redirects (undici's `request` follows none; a 3xx is an answer like any other, and a failure),
 * at most RESPONSE_EXCERPT_BYTES of the answer read, and — unless private networks are allowed —
 * connections only to public addresses (webhook-address.ts).
 */

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 2048;
export const USER_AGENT = 'DRX-Webhooks/1.0 (+https://www.standardwebhooks.com)';

const common = {
  headersTimeout: DELIVERY_TIMEOUT_MS,
  bodyTimeout: DELIVERY_TIMEOUT_MS,
  // Few endpoints, few messages: keep a connection only briefly.
  keepAliveTimeout: 4_000,
  connections: 4,
};
const guardedAgent = new Agent({
  ...common,
  connect: { timeout: DELIVERY_TIMEOUT_MS, lookup: guardedLookup },
});
const openAgent = new Agent({ ...common, connect: { timeout: DELIVERY_TIMEOUT_MS } });

/**
 * An undici dispatcher that connects only to public addresses, checked on the address each
 * connection resolves to (guardedLookup) — not only when an address was typed in, so a name that
 * later resolves to a private address (DNS rebinding) reaches nothing. For other outgoing calls to
 * addresses people type (the shop's store connection).
 */
export function publicOnlyDispatcher(timeoutMs: number): Agent {
  return new Agent({ keepAliveTimeout: 4_000, connect: { timeout: timeoutMs, lookup: guardedLookup } });
}

export interface WebhookResponse {
  /** The HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  /** The start of the answer's body (UTF-8, at most RESPONSE_EXCERPT_BYTES bytes). */
  body: string | null;
  /** Why no answer came; null when one did. */
  error: string | null;
  durationMs: number;
}

/** The message of an error and of its causes (undici wraps the socket's error). */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (
    let e = error as { message?: string; cause?: unknown } | undefined;
    e && parts.length < 3;
    e = e.cause as typeof e
  ) {
    if (e.message && !parts.includes(e.message)) parts.push(e.message);
  }
  if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError') {
    return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  }
  return (parts.join(': ') || String(error)).slice(0, 1000);
}

/** POSTs `body` to `url` with `headers`; never throws. */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivateNetworks: boolean },
): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!options.allowPrivateNetworks) {
    const refusal = literalHostRefusal(new URL(url).hostname);
    if (refusal) return { status: null, body: null, error: refusal.message, durationMs: elapsed() };
  }
  const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  try {
    const response = await request(url, {
      method: 'POST',
      headers,
      body,
      signal,
      dispatcher: options.allowPrivateNetworks ? openAgent : guardedAgent,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        const buffer = chunk as Buffer;
        chunks.push(buffer.subarray(0, RESPONSE_EXCERPT_BYTES - size));
        size += Math.min(buffer.length, RESPONSE_EXCERPT_BYTES - size);
        if (size >= RESPONSE_EXCERPT_BYTES) break; // leaving the loop destroys the stream
      }
    } catch {
      // The status is what counts; a body cut off is kept as far as it came.
    }
    if (!response.body.destroyed) response.body.destroy();
    // A multi-byte character cut at the limit decodes as U+FFFD; the column holds ≤ 2048 characters.
    const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_EXCERPT_BYTES);
    return { status: response.statusCode, body: text, error: null, durationMs: elapsed() };
  } catch (error) {
    return { status: null, body: null, error: describe(error), durationMs: elapsed() };
  }
}
