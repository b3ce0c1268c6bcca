import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue } from '../jobs';

/** Latency buckets (seconds): from a cached read to a slow report or upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What the metrics read at scrape time. */
export interface MetricsSources {
  orm: MikroORM;
  /** The app's plain read pool (db/pg-query.ts, sessions). */
  readPool: Pool;
  jobs: JobQueue;
}

interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** knex's pool (tarn) behind MikroORM. */
function ormPoolUse(orm: MikroORM): PoolUse | undefined {
  const pool = (
    orm.em.getConnection().getKnex().client as {
      pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number };
    }
  ).pool;
  if (!pool) return undefined;
  return { total: pool.numUsed() + pool.numFree(), idle: pool.numFree(), waiting: pool.numPendingAcquires() };
}

function pgPoolUse(pool: { totalCount: number; idleCount: number; waitingCount: number } | undefined) {
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
}

/**
 * The app's Prometheus metrics, in a registry of its own (one per app, so tests can run two apps
 * in one process): Node's default process metrics, HTTP and GraphQL latency histograms (filled by
 * http-metrics.ts and graphql-metrics.ts), and, read when scraped, the job queues and the database
 * pools. Names and labels: docs/operations.md.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly graphqlDuration: Histogram<'operation' | 'type'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.httpDuration = new Histogram({
      name: 'drx_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status: time until the response was written',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.graphqlDuration = new Histogram({
      name: 'drx_graphql_operation_duration_seconds',
      help: 'GraphQL operations (POST /graphql and the REST adapter) by operation name and type',
      labelNames: ['operation', 'type'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
  }

  /** Adds the metrics read when scraped: the job queues and the database pools (once the app has them). */
  collectFrom(sources: MetricsSources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'drx_jobs',
      help: 'Jobs in the queue by queue and state (created and retry: waiting; failed: retries used up)',
      labelNames: ['queue', 'state'],
      // Read from the shared database: every process sees the same numbers, so a cluster keeps one.
      aggregator: 'max',
      registers,
      async collect() {
        const counts = await sources.jobs.countByState();
        this.reset();
        for (const { queue, state, count } of counts) this.set({ queue, state }, count);
      },
    });
    new Counter({
      name: 'drx_job_failures_total',
      help: 'Job handler failures by queue, since the process started (each failure is retried with backoff)',
      labelNames: ['queue'],
      registers,
      collect() {
        this.reset();
        for (const [queue, count] of sources.jobs.failureCounts) this.inc({ queue }, count);
      },
    });

    const pools = () =>
      [
        ['orm', ormPoolUse(sources.orm)],
        ['read', pgPoolUse(sources.readPool)],
        ['jobs', pgPoolUse(sources.jobs.pool)],
      ] as const;
    new Gauge({
      name: 'drx_db_pool_connections',
      help: 'Open database connections by pool (orm: MikroORM/knex, read: the hot-read pool, jobs: pg-boss) and state',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        this.reset();
        for (const [pool, use] of pools()) {
          if (!use) continue;
          this.set({ pool, state: 'idle' }, use.idle);
          this.set({ pool, state: 'busy' }, use.total - use.idle);
        }
      },
    });
    new Gauge({
      name: 'drx_db_pool_waiting_requests',
      help: 'Queries waiting for a free connection, by pool',
      labelNames: ['pool'],
      registers,
      collect() {
        this.reset();
        for (const [pool, use] of pools()) if (use) this.set({ pool }, use.waiting);
      },
    });
  }

  /** The metrics of this process in Prometheus's text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
