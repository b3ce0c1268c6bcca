// Test helpers only (the .test.ts suffix keeps this file out of the production build and the runs).
import { createClient, type ExecutionResult } from 'graphql-sse';
import { DEMO_PASSWORD } from '../db/seeders/demo-password';
import { SESSION_COOKIE } from '../modules/auth/session';

/** A real HTTP client of a running server (Node's fetch), keeping one session cookie. */
export interface Browser {
  cookie: string | null;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ status: number; data: T; errors?: unknown[] }>;
}

/** Signs in with a demo account's published password (the test database is seeded). */
export async function signIn(baseUrl: string, username: string): Promise<Browser> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie');
  return browser(baseUrl, cookie);
}

export function browser(baseUrl: string, cookie: string | null): Browser {
  return {
    cookie,
    async gql(query, variables = {}) {
      const res = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data: any; errors?: unknown[] };
      return { status: res.status, ...body };
    },
  };
}

/** One subscription over /graphql/stream, read with graphql-sse's own client. */
export interface Stream {
  /** Resolves when the server accepted the stream (the subscription is registered by then). */
  connected: Promise<void>;
  /** The next result, or a failure after `ms`. */
  next(ms?: number): Promise<IteratorResult<ExecutionResult<any, unknown>>>;
  close(): Promise<void>;
}

export function openStream(
  baseUrl: string,
  cookie: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Stream {
  const client = createClient({
    url: `${baseUrl}/graphql/stream`,
    headers: cookie ? { cookie } : {},
    retryAttempts: 0,
  });
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const results = client.iterate({ query, variables }, { connected: () => onConnected() });
  return {
    connected,
    async next(ms = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no stream result within ${ms} ms`)), ms);
      });
      try {
        return await Promise.race([results.next(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await results.return?.();
      client.dispose();
    },
  };
}

export const CONVERSATION_EVENTS = `subscription { conversationEvents {
  type conversationId conversation { id subject } message { id body mine sender { id } } } }`;
