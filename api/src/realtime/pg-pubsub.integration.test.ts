import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ormConfig } from '../db/mikro-orm.config';
import { createTestDatabase } from '../test/database';
import { LISTENER_APPLICATION_NAME, PgPubSub } from './pg-pubsub';
import { publishNotices, publishToUsers } from './publish';
import { userTopic } from './topics';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await MikroORM.init(ormConfig(db.url, { silent: true }));
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** The iterator's next value, or a failure after `ms`. */
async function nextWithin(iterator: AsyncIterator<unknown>, ms = 2000): Promise<IteratorResult<unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([iterator.next(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function withPubSub<T>(run: (pubsub: PgPubSub) => Promise<T>, minReconnectDelayMs = 100): Promise<T> {
  const pubsub = new PgPubSub({ connectionString: db.url, minReconnectDelayMs });
  await pubsub.start();
  try {
    return await run(pubsub);
  } finally {
    await pubsub.close();
  }
}

/** The listener connections on the test database (backend pids). */
async function listenerPids(): Promise<number[]> {
  const rows = await orm.em
    .fork()
    .execute<{ pid: number }[]>(
      'select pid from pg_stat_activity where application_name = ? and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
  return rows.map((row) => row.pid);
}

describe('PgPubSub (LISTEN/NOTIFY)', () => {
  it('delivers an event published in a committed transaction to its topic only', async () => {
    await withPubSub(async (pubsub) => {
      const alice = randomUUID();
      const bob = randomUUID();
      const aliceEvents = pubsub.subscribe(userTopic(alice));
      const bobEvents = pubsub.subscribe(userTopic(bob));
      const conversationId = randomUUID();
      const messageId = randomUUID();
      await orm.em.fork().transactional(async (em) => {
        await publishToUsers(em, [alice, alice], { type: 'MESSAGE', conversationId, messageId });
      });
      expect(await nextWithin(aliceEvents)).toEqual({
        value: { type: 'MESSAGE', conversationId, messageId },
        done: false,
      });
      // Bob hears his own event only: the first thing his subscription yields is this one.
      await orm.em.fork().transactional((em) => publishToUsers(em, [bob], { type: 'READ', conversationId }));
      expect((await nextWithin(bobEvents)).value).toEqual({ type: 'READ', conversationId });
      // Alice was listed twice but hears the event once: her next event is the next one published.
      await publishToUsers(orm.em.fork(), [alice], { type: 'READ', conversationId });
      expect((await nextWithin(aliceEvents)).value).toEqual({ type: 'READ', conversationId });
    });
  });

  it('sends overlapping publishes one at a time on its connection, every one delivered in order', async () => {
    await withPubSub(async (pubsub) => {
      const topic = userTopic(randomUUID());
      const events = pubsub.subscribe(topic);
      // pg 9 refuses a query sent while the client runs another (pg 8 queues it, with a warning)
      const client = (pubsub as unknown as { client: Client & { activeQuery: unknown } }).client;
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      let overlapping = 0;
      (client as unknown as { query: typeof query }).query = (...args) => {
        if (client.activeQuery) overlapping += 1;
        return query(...args);
      };
      await Promise.all(Array.from({ length: 20 }, (_, n) => pubsub.publish(topic, { n })));
      expect(overlapping).toBe(0);
      for (let n = 0; n < 20; n++) expect((await nextWithin(events)).value).toEqual({ n });
    });
  });

  it('delivers nothing of a rolled-back transaction, and nothing before the commit', async () => {
    await withPubSub(async (pubsub) => {
      const user = randomUUID();
      const events = pubsub.subscribe(userTopic(user));
      const rolledBack = randomUUID();
      await expect(
        orm.em.fork().transactional(async (em) => {
          await publishToUsers(em, [user], { type: 'MESSAGE', conversationId: rolledBack });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');

      // Held until the commit: nothing arrives while the transaction is open.
      const committed = randomUUID();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const transaction = orm.em.fork().transactional(async (em) => {
        await publishToUsers(em, [user], { type: 'MESSAGE', conversationId: committed });
        await gate;
      });
      const first = events.next();
      const early = await Promise.race([
        first.then(() => 'event'),
        new Promise((resolve) => setTimeout(() => resolve('nothing'), 300)),
      ]);
      expect(early).toBe('nothing');
      release();
      await transaction;
      // The first event the subscriber ever gets is the committed one: the rolled-back one never came.
      expect((await first).value).toEqual({ type: 'MESSAGE', conversationId: committed });
    });
  });

  it('fans one NOTIFY out to every process listening on the database', async () => {
    await withPubSub((one) =>
      withPubSub(async (two) => {
        const user = randomUUID();
        const inOne = one.subscribe(userTopic(user));
        const inTwo = two.subscribe(userTopic(user));
        const alsoInTwo = two.subscribe(userTopic(user));
        const conversationId = randomUUID();
        await orm.em
          .fork()
          .transactional((em) => publishToUsers(em, [user], { type: 'READ', conversationId }));
        for (const events of [inOne, inTwo, alsoInTwo]) {
          expect((await nextWithin(events)).value).toEqual({ type: 'READ', conversationId });
        }
      }),
    );
  });

  it('reconnects and LISTENs again after losing its connection', async () => {
    await withPubSub(async (pubsub) => {
      const user = randomUUID();
      const events = pubsub.subscribe(userTopic(user));
      const [before] = await listenerPids();
      expect(before).toBeTypeOf('number');

      const admin = new Client({ connectionString: db.url });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [before]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => pubsub.listening, { timeout: 2000, interval: 10 }).toBe(false);
      await pubsub.whenListening();
      const after = await listenerPids();
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(before);

      // The subscription made before the loss hears events published after the reconnect.
      const conversationId = randomUUID();
      await publishToUsers(orm.em.fork(), [user], { type: 'MESSAGE', conversationId });
      expect((await nextWithin(events)).value).toEqual({ type: 'MESSAGE', conversationId });
      expect(pubsub.subscriptionCount).toBe(1);
    });
  });

  it('publishes outside a transaction with publish(), detaches ended subscriptions and ends all on close', async () => {
    const pubsub = new PgPubSub({ connectionString: db.url });
    await pubsub.start();
    const topic = userTopic(randomUUID());
    const kept = pubsub.subscribe(topic);
    const left = pubsub.subscribe(topic);
    expect(pubsub.subscriptionCount).toBe(2);
    await left.return!();
    expect(pubsub.subscriptionCount).toBe(1);
    await pubsub.publish(topic, { hello: 'world' });
    expect((await nextWithin(kept)).value).toEqual({ hello: 'world' });
    expect((await left.next()).done).toBe(true);

    await pubsub.close();
    expect(await nextWithin(kept)).toEqual({ value: undefined, done: true });
    expect(pubsub.subscriptionCount).toBe(0);
    expect(await listenerPids()).toEqual([]);
    expect(() => pubsub.subscribe(topic)).toThrow('closed');
  });

  it('refuses payloads PostgreSQL would refuse, and a detached pubsub never connects', async () => {
    await expect(
      publishNotices(orm.em.fork(), [{ topic: userTopic(randomUUID()), payload: 'x'.repeat(8000) }]),
    ).rejects.toThrow('8000 bytes');
    const detached = new PgPubSub();
    expect(() => detached.subscribe('anything')).toThrow('no database');
    await expect(detached.start()).rejects.toThrow('no database');
  });
});
