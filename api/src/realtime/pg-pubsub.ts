import { Client, type Notification } from 'pg';
import type { PubSub } from 'type-graphql';
import { encodeNotice, type RealtimeNotice } from './publish';
import { REALTIME_CHANNEL } from './topics';
import { log } from '../observability/logger';

/** The listener's `application_name` in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = 'drx-realtime';

export interface PgPubSubOptions {
  /** The database to LISTEN on; without one the pubsub is detached (schema tooling, no events). */
  connectionString?: string;
  channel?: string;
  /** The first reconnect delay after the listener's connection is lost; it doubles up to the max. */
  minReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** Events a subscriber may have waiting before it is dropped as too slow. */
  maxQueuedEvents?: number;
}

const DEFAULTS = {
  channel: REALTIME_CHANNEL,
  minReconnectDelayMs: 100,
  maxReconnectDelayMs: 10_000,
  maxQueuedEvents: 1000,
};

/** One subscriber's events, as an async iterator (graphql-js maps it to results). */
class TopicSubscription implements AsyncIterableIterator<unknown> {
  private readonly queue: unknown[] = [];
  private waiting: ((result: IteratorResult<unknown>) => void) | null = null;
  private done = false;

  constructor(
    private readonly detach: (subscription: TopicSubscription) => void,
    private readonly maxQueued: number,
  ) {}

  push(value: unknown): void {
    if (this.done) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value, done: false });
      return;
    }
    this.queue.push(value);
    if (this.queue.length > this.maxQueued) {
      log().error('[realtime] a subscriber fell too far behind; ending its subscription');
      this.finish(true);
    }
  }

  /** Ends the subscription: queued events are still handed out unless `drop`. */
  finish(drop = false): void {
    if (this.done) return;
    this.done = true;
    if (drop) this.queue.length = 0;
    this.detach(this);
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<unknown>> {
    if (this.queue.length > 0) return Promise.resolve({ value: this.queue.shift(), done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<unknown>> {
    this.finish(true);
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<unknown>> {
    this.finish(true);
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<unknown> {
    return this;
  }
}

/**
 * type-graphql's `PubSub` over PostgreSQL LISTEN/NOTIFY: every process holds ONE dedicated
 * connection that LISTENs on `drx_events` and fans each notification out, in process, to the
 * subscriptions of its topic. Publishing is a NOTIFY (`publishToUsers`/`publishNotices` on the
 * caller's transaction, or `publish` here outside any), so an event reaches the subscribers of
 * every process on the database, and only once its transaction committed.
 *
 * Lazy: nothing connects until `start()` (the app calls it) or the first `subscribe`; a pubsub
 * without a connection string only lets the schema be built (tooling, tests without a database).
 * A lost connection is reopened with backoff (100 ms doubling to 10 s) and LISTENs again; events
 * NOTIFYed while it was down are not replayed: `onListenerLost` tells the stream endpoint, which
 * drops its open streams so their clients reconnect (once it listens again) and refetch.
 */
export class PgPubSub implements PubSub {
  private readonly options: typeof DEFAULTS & PgPubSubOptions;
  private readonly topics = new Map<string, Set<TopicSubscription>>();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  /** The last NOTIFY sent on the listener connection: the next waits for it (see `publish`). */
  private lastNotify: Promise<unknown> = Promise.resolve();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs: number;
  private closed = false;
  private connectedListeners = new Set<() => void>();
  private lostListeners = new Set<() => void>();

  constructor(options: PgPubSubOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.reconnectDelayMs = this.options.minReconnectDelayMs;
  }

  /** Whether the listener connection is open and LISTENing. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** How many subscriptions this process holds (all topics). */
  get subscriptionCount(): number {
    let count = 0;
    for (const subscriptions of this.topics.values()) count += subscriptions.size;
    return count;
  }

  /** Opens the listener connection (once); rejects when the first attempt fails. */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The realtime pubsub is closed'));
    if (!this.options.connectionString) {
      return Promise.reject(new Error('The realtime pubsub has no database to listen on'));
    }
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  /** Resolves when the listener is LISTENing (now, or after the reconnect under way). */
  whenListening(): Promise<void> {
    if (this.client) return Promise.resolve();
    return new Promise((resolve) => this.connectedListeners.add(resolve));
  }

  /**
   * Calls `listener` each time the LISTEN connection is lost (not at close()). Events NOTIFYed
   * until it listens again are never delivered, so whoever serves subscriptions should end them
   * then: their clients reconnect and refetch (graphql-stream.ts drops its open streams). Returns
   * a function that removes the listener.
   */
  onListenerLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** NOTIFYs `payload` to the subscribers of `routingKey` in every process, outside any transaction. */
  async publish(routingKey: string, ...args: unknown[]): Promise<void> {
    const text = encodeNotice({ topic: routingKey, payload: args[0] });
    await this.start();
    const client = this.client!;
    // One statement at a time on the connection: `pg` queued overlapping queries itself, but warns
    // that pg 9 will refuse them ("Calling client.query() when the client is already executing a
    // query"), which concurrent publishes did.
    const notified = this.lastNotify.then(() =>
      client.query('select pg_notify($1, $2)', [this.options.channel, text]),
    );
    this.lastNotify = notified.catch(() => undefined);
    await notified;
  }

  subscribe(routingKey: string): AsyncIterableIterator<unknown> {
    if (this.closed) throw new Error('The realtime pubsub is closed');
    if (!this.options.connectionString) throw new Error('The realtime pubsub has no database to listen on');
    if (!this.client) {
      this.start().catch((error) => {
        log().error({ err: error }, '[realtime] listening failed');
        this.scheduleReconnect();
      });
    }
    const subscription = new TopicSubscription(
      (ended) => this.detach(routingKey, ended),
      this.options.maxQueuedEvents,
    );
    let subscriptions = this.topics.get(routingKey);
    if (!subscriptions) this.topics.set(routingKey, (subscriptions = new Set()));
    subscriptions.add(subscription);
    return subscription;
  }

  /** Ends every subscription (their streams complete) and closes the listener connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const subscriptions of [...this.topics.values()]) {
      for (const subscription of [...subscriptions]) subscription.finish();
    }
    this.topics.clear();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private detach(routingKey: string, subscription: TopicSubscription): void {
    const subscriptions = this.topics.get(routingKey);
    if (!subscriptions) return;
    subscriptions.delete(subscription);
    if (subscriptions.size === 0) this.topics.delete(routingKey);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      const wasListening = this.client === client;
      if (wasListening) this.client = null;
      client.removeAllListeners('notification');
      if (this.closed) return;
      log().error({ detail: error?.message ?? '' }, '[realtime] listener connection lost; reconnecting');
      client.end().catch(() => undefined);
      this.scheduleReconnect();
      if (wasListening) {
        for (const listener of [...this.lostListeners]) {
          try {
            listener();
          } catch (failure) {
            log().error({ err: failure }, '[realtime] a listener-lost handler failed');
          }
        }
      }
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (notification) => this.deliver(notification));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.options.channel.replace(/"/g, '""')}"`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelayMs = this.options.minReconnectDelayMs;
    const listeners = [...this.connectedListeners];
    this.connectedListeners.clear();
    for (const listener of listeners) listener();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.connecting || this.client) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, this.options.maxReconnectDelayMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.start().catch((error) => {
        log().error({ detail: error?.message ?? error }, '[realtime] reconnecting failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  private deliver(notification: Notification): void {
    if (notification.channel !== this.options.channel || !notification.payload) return;
    let notice: RealtimeNotice;
    try {
      notice = JSON.parse(notification.payload) as RealtimeNotice;
    } catch {
      log().error('[realtime] ignored a malformed notification');
      return;
    }
    if (typeof notice?.topic !== 'string') return;
    const subscriptions = this.topics.get(notice.topic);
    if (!subscriptions) return;
    for (const subscription of [...subscriptions]) subscription.push(notice.payload);
  }
}
