import { createHash } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { Config } from '../config';
import { log, rootLogger, withLogger } from '../observability/logger';

/**
 * Background jobs on pg-boss 10, in the app's own PostgreSQL (schema `pgboss`). Every app process
 * starts one queue (app.ts) and works every registered job; pg-boss fetches with
 * `for update skip locked`, so each job runs once across processes, and its state survives a
 * crash (a job active when its process died is retried after it expires).
 *
 * Modules declare handlers with `defineJob(name, handler)` at import time (e.g. in their
 * `*.jobs.ts`, imported by `jobs/handlers.ts`); the boot registers every declared handler.
 * Anywhere in the app: `await jobs.send(name, data, { startAfter, singletonKey })`.
 */

export const JOBS_SCHEMA = 'pgboss';

/** What a handler gets beside its data. */
export interface JobContext {
  id: string;
  name: string;
  /** A fresh fork of the app's EntityManager for this job. */
  em: EntityManager;
  config: Config;
}

/** A job's work; throwing fails the job (pg-boss retries it, up to 5 times with backoff). */
export type JobHandler<T extends object = Record<string, unknown>> = (
  data: T,
  ctx: JobContext,
) => Promise<void>;

export interface JobSendOptions {
  /** Run no earlier than this instant. */
  startAfter?: Date;
  /**
   * At most one job per (name, key): a second send with the same key is ignored (returns null) while
   * the first is kept by pg-boss (until it is archived, 12 h after it completed). Use a key that names
   * what the job is for, e.g. `booking-reminder:${bookingId}:${startsAt.toISOString()}`.
   */
  singletonKey?: string;
  /**
   * Send in the caller's transaction: the job exists only if that transaction commits.
   */
  em?: EntityManager;
}

interface Registered {
  handler: JobHandler<any>;
}

const registry = new Map<string, Registered>();

/** Declares the handler of job `name` (once per name; modules call this at import time). */
export function defineJob<T extends object>(name: string, handler: JobHandler<T>): void {
  if (registry.has(name)) throw new Error(`Job "${name}" is defined twice`);
  registry.set(name, { handler });
}

/** The names of the declared jobs. */
export function definedJobs(): string[] {
  return [...registry.keys()];
}

const schedules = new Map<string, { cron: string; data: object }>();

/**
 * Sends job `name` (declared with defineJob) on a cron schedule (UTC, e.g. `*\/15 * * * *`): pg-boss
 * sends it once per due minute across processes. Modules call this at import time.
 */
export function defineSchedule(name: string, cron: string, data: object = {}): void {
  if (schedules.has(name)) throw new Error(`Job "${name}" is scheduled twice`);
  schedules.set(name, { cron, data });
}

/** A stable job id for (name, singletonKey): pg-boss inserts jobs `on conflict do nothing`. */
export function singletonJobId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // Shaped as a version-5-like UUID (pg-boss's id column is a uuid).
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16) + hex.slice(18, 20),
    hex.slice(20, 32),
  ].join('-');
}

/** Runs pg-boss's SQL on the caller's transaction. */
function transactionDb(em: EntityManager): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const knex = em.getTransactionContext() ?? em.getKnex();
      // pg-boss writes $1-style placeholders; knex's raw would read `?` in the SQL as bindings.
      // A transaction's knex client hands out that transaction's connection (release: a no-op).
      const client = knex.client;
      const connection = await client.acquireConnection();
      try {
        const result = await connection.query(text, values);
        return { rows: result.rows };
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

export interface JobQueueOptions {
  /** The app's ORM and config, handed to handlers. */
  orm: MikroORM;
  config: Config;
  /** How often idle workers look for due jobs (seconds, ≥ 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Run pg-boss's maintenance and cron in this process (default true). */
  supervise?: boolean;
  /**
   * How often this process checks the schedules and sends the due ones (seconds, 1–45; default
   * 30: a cron job may start up to this late). Tests lower it.
   */
  cronIntervalSeconds?: number;
}

/** One process's connection to the queue. */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly pollingIntervalSeconds: number;
  private readonly created = new Set<string>();
  private started = false;
  /** Handler failures in this process since it started, by job name (the metrics read them). */
  readonly failureCounts = new Map<string, number>();
  private readonly orm: MikroORM;
  private readonly config: Config;
  private readonly databaseUrl: string;

  constructor(databaseUrl: string, options: JobQueueOptions) {
    this.databaseUrl = databaseUrl;
    this.orm = options.orm;
    this.config = options.config;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: JOBS_SCHEMA,
      application_name: 'drx-jobs',
      max: 4,
      supervise: options.supervise ?? true,
      schedule: options.supervise ?? true,
      ...(options.cronIntervalSeconds
        ? {
            cronMonitorIntervalSeconds: options.cronIntervalSeconds,
            cronWorkerIntervalSeconds: options.cronIntervalSeconds,
          }
        : {}),
      // A handler that crashed with its process is retried after this.
      expireInSeconds: 15 * 60,
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      // The app's own tables keep what matters; finished jobs are kept a week.
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => log().error({ err: error }, 'job queue error'));
  }

  /** Creates the pgboss schema on first use (pg-boss migrates under an advisory lock). */
  async start(): Promise<this> {
    await this.boss.start();
    this.started = true;
    return this;
  }

  /**
   * Creates the queues of `names` that do not exist yet. pg-boss's create_queue is not locked:
   * processes starting together on a new database deadlocked attaching partitions and retried, which
   * took 25 s for 4 processes. The creations of all processes are serialised by a session advisory
   * lock on a connection of their own (released when it closes), and re-checked under it.
   */
  private async ensureQueues(names: readonly string[]): Promise<void> {
    const wanted = names.filter((name) => !this.created.has(name));
    if (!wanted.length) return;
    const existing = async () => new Set((await this.boss.getQueues()).map((q) => q.name));
    const have = await existing();
    const missing = wanted.filter((name) => !have.has(name));
    if (missing.length) {
      const lock = new pg.Client({ connectionString: this.databaseUrl, application_name: 'drx-jobs' });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock(hashtext($1))', [`${JOBS_SCHEMA}.create_queue`]);
        const now = await existing();
        for (const name of missing) if (!now.has(name)) await this.boss.createQueue(name);
      } finally {
        await lock.end();
      }
    }
    for (const name of wanted) this.created.add(name);
  }

  private ensureQueue(name: string): Promise<void> {
    return this.ensureQueues([name]);
  }

  /** Creates the queue of every declared job (the primary does this before it forks workers). */
  async createRegisteredQueues(): Promise<void> {
    await this.ensureQueues([...registry.keys(), ...schedules.keys()]);
  }

  /** Queues job `name`; returns its id, or null when a job with the same singletonKey exists. */
  async send(name: string, data: object, options: JobSendOptions = {}): Promise<string | null> {
    await this.ensureQueue(name);
    const sendOptions: PgBoss.SendOptions = {};
    if (options.startAfter) sendOptions.startAfter = options.startAfter;
    if (options.singletonKey) {
      sendOptions.singletonKey = options.singletonKey;
      sendOptions.id = singletonJobId(name, options.singletonKey);
    }
    if (options.em) sendOptions.db = transactionDb(options.em);
    return this.boss.send(name, data, sendOptions);
  }

  /**
   * Works job `name` in this process with `handler`: up to 10 due jobs a poll, one after another;
   * a job whose handler throws is failed on its own (pg-boss retries it), the others complete.
   */
  async work<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.work<T>(
      name,
      { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 10 },
      async (batch) => {
        // pg-boss completes the batch's jobs still active afterwards; failed ones are left alone.
        for (const job of batch) await this.runOne(name, job, handler, false);
      },
    );
  }

  /** Runs one fetched job; returns whether it succeeded (a failure is recorded on the job). */
  private async runOne<T extends object>(
    name: string,
    job: PgBoss.Job<T>,
    handler: JobHandler<T>,
    complete: boolean,
  ): Promise<boolean> {
    // Every line the handler logs names the job.
    const logger = rootLogger().child({ job: name, jobId: job.id });
    try {
      await withLogger(logger, () => handler(job.data, this.contextOf(job)));
      if (complete) await this.boss.complete(name, job.id);
      return true;
    } catch (error) {
      logger.error({ err: error }, 'job failed');
      this.failureCounts.set(name, (this.failureCounts.get(name) ?? 0) + 1);
      await this.boss.fail(name, job.id, { message: String((error as Error)?.message ?? error) });
      return false;
    }
  }

  private contextOf(job: { id: string; name: string }): JobContext {
    return { id: job.id, name: job.name, em: this.orm.em.fork(), config: this.config };
  }

  /** Works every job declared with `defineJob`. */
  async workRegistered(): Promise<void> {
    await this.ensureQueues([...registry.keys()]);
    for (const [name, { handler }] of registry) await this.work(name, handler);
  }

  /** Installs every schedule declared with `defineSchedule` (idempotent: pg-boss keeps one per name). */
  async scheduleRegistered(): Promise<void> {
    for (const [name, { cron, data }] of schedules) {
      await this.ensureQueue(name);
      await this.boss.schedule(name, cron, data, { tz: 'UTC' });
    }
  }

  /**
   * Runs the due jobs of `name` now, in this process, with its declared handler (tests; a worker
   * polling at the same time takes other jobs, never the same one). Returns how many ran.
   */
  async runDue(name: string): Promise<number> {
    const registered = registry.get(name);
    if (!registered) throw new Error(`No handler declared for job "${name}"`);
    await this.ensureQueue(name);
    let ran = 0;
    for (;;) {
      const batch = await this.boss.fetch<object>(name, { batchSize: 20 });
      if (!batch || batch.length === 0) return ran;
      for (const job of batch) {
        await this.runOne(name, job, registered.handler, true);
        ran += 1;
      }
    }
  }

  /**
   * Readiness: throws unless this queue is started and pg-boss's schema answers (through its own
   * connection pool, so a full or broken pool shows here).
   */
  async check(): Promise<void> {
    if (!this.started) throw new Error('The job queue is not started');
    await this.boss.getDb().executeSql(`select version from ${JOBS_SCHEMA}.version`, []);
  }

  /**
   * How many jobs each queue holds in each state (created, retry, active, completed, cancelled,
   * failed; finished ones until pg-boss archives them after 12 hours). pg-boss's internal queues
   * (`__pgboss__…`) are left out.
   */
  async countByState(): Promise<{ queue: string; state: string; count: number }[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `select name as queue, state, count(*)::int as count from ${JOBS_SCHEMA}.job
         where not starts_with(name, '__pgboss__') group by name, state`,
      [],
    );
    return rows as { queue: string; state: string; count: number }[];
  }

  /** The pg-boss connection pool (pg's Pool), for the pool metrics; undefined before start. */
  get pool(): { totalCount: number; idleCount: number; waitingCount: number } | undefined {
    return (
      this.boss.getDb() as unknown as {
        pool?: { totalCount: number; idleCount: number; waitingCount: number };
      }
    ).pool;
  }

  /** Stops fetching, waits up to `timeoutMs` for running handlers, closes the pool. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}

let current: JobQueue | null = null;

/** Makes `queue` the one `jobs.send` uses in this process (app boot), or none (shutdown). */
export function setCurrentJobQueue(queue: JobQueue | null): void {
  current = queue;
}

/** The process's queue (set by the app's boot). */
export const jobs = {
  send(name: string, data: object, options?: JobSendOptions): Promise<string | null> {
    if (!current) throw new Error('The job queue is not started');
    return current.send(name, data, options);
  },
  get queue(): JobQueue {
    if (!current) throw new Error('The job queue is not started');
    return current;
  },
};

/**
 * Installs pg-boss's schema and the declared jobs' queues, then disconnects: the primary of a
 * multi-process server does this before it forks, so its workers do not all create them at once.
 */
export async function prepareJobQueues(databaseUrl: string, orm: MikroORM, config: Config): Promise<void> {
  const queue = new JobQueue(databaseUrl, { orm, config, supervise: false });
  await queue.start();
  try {
    await queue.createRegisteredQueues();
  } finally {
    await queue.stop();
  }
}
