import { randomUUID } from 'node:crypto';

/** The header that carries a request's id in (from a load balancer or client) and out. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A token a proxy or client may send as its request id: letters, digits and `._:-`, 1–128
 * characters (UUIDs, ULIDs, hex ids, `host:counter`). Anything else — spaces, quotes, line breaks,
 * markup, a very long value — would be written as is into every log line of the request, so it is
 * replaced.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The incoming id when it is a sane token, else a new random UUID. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
