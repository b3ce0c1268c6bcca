// Test helpers only (src/**/test is left out of the build).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  at: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status (and body/headers), or a function of it. */
export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/** A real HTTP server on 127.0.0.1 and a free port, recording every request it gets. */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private answer: (req: ReceivedRequest) => Answer = () => ({ status: 200, body: 'ok' });
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = {
        at: Date.now(),
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(received);
      const a = this.answer(received);
      setTimeout(() => {
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      }, a.delayMs ?? 0);
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answerWith(answer: (req: ReceivedRequest) => Answer): void {
    this.answer = answer;
  }

  /** The requests whose JSON body has this `type` (and optional data match). */
  ofType(type: string): ReceivedRequest[] {
    return this.requests.filter((r) => {
      try {
        return JSON.parse(r.body).type === type;
      } catch {
        return false;
      }
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Waits until `check` returns a truthy value (polling every 100 ms), or fails after `ms`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  ms = 15_000,
  what = 'condition',
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
