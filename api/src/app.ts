import { configureMembershipMail } from './modules/memberships';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type ErrorRequestHandler } from 'express';
import { Pool } from 'pg';
import type { Config } from './config';
import type { Context } from './graphql/context';
import { attachReadPool } from './db/pg-query';
import { formatError } from './graphql/errors';
import { graphqlHandler } from './graphql/graphql-handler';
import { inputTextGuard } from './graphql/input-guard';
import { JSON_BODY_LIMIT_BYTES, jsonBody } from './http/json-body';
import { sameOrigin } from './http/same-origin';
import { queryCostBudget, requestRateLimit } from './http/rate-limit';
import { noStoreCacheControl } from './graphql/no-store';
import { parseOptions, plugins as limitPlugins, validationRules } from './graphql/limits';
import { playgroundAssets, playgroundHtml, playgroundPage } from './graphql/playground';
import { fieldSuggestionsForSignedInOnly } from './graphql/field-suggestions';
import { publicUploads } from './http/public-uploads';
import {
  apiSecurityHeaders,
  playgroundSecurityHeaders,
  setApiSecurityHeaders,
} from './http/security-headers';
import { FastRoutes } from './http/fast-routes';
import { compressedUnless } from './http/compression';
import { requireScope, ApiTokenStore, bearerOrSession, apiTokenScopes } from './modules/api-tokens';
import { CART_POLL_PATH, cartListRoute } from './modules/cart';
import { guardedPages, sessionViewer } from './http/page-access';
import { loadPageRules } from './http/page-rules';
import { loadPageRenderer } from './http/server-render';
import { ContentVersion } from './http/content-version';
import { SharedPageResponses } from './http/shared-page-responses';
import { webApp } from './http/web-app';
import { PageMetaSource, robotsRoute, sitemapRoutes } from './modules/seo';
import { requestContextFactory } from './graphql/request-context';
import { buildAppSchema } from './graphql/schema';
import { GRAPHQL_STREAM_PATH, graphqlStream, sessionStandsIn } from './realtime/graphql-stream';
import { PgPubSub } from './realtime/pg-pubsub';
import { subscriptionsElsewhere } from './realtime/subscriptions-elsewhere';
import { SCHEMA_FILE_PATH, schemaFileRoute } from './graphql/schema-file';
import {
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
  sessionUserJoin,
  sessionMiddleware,
  sessionWithRows,
  SessionStore,
} from './modules/auth';
import { queueInitialShopSync, DEMO_STORE_PATH } from './modules/shop';
import { createRestRouter } from './rest/router';
import type { DevFakes } from './dev-fakes';
import { createPaymentProvider } from './modules/payments';
import { closeStorage, storageFor } from './storage/create-storage';
import { checkStorage } from './storage/storage';
import { configureLogging, log } from './observability/logger';
import { flushRequestSummary, requestLogging } from './observability/request-logging';
import { AppMetrics } from './observability/metrics';
import { httpMetrics } from './observability/http-metrics';
import { graphqlMetrics } from './observability/graphql-metrics';
import { metricsRoute } from './observability/metrics-route';
import { healthz, readyz } from './observability/health';
import { JobQueue, setCurrentJobQueue } from './jobs';
import './jobs/handlers';
import { installBookingNotifications } from './modules/bookings';
import { configureMail } from './modules/mail';
import { configureNotifications } from './modules/notifications';

/** Connections of the read pool (beside the ORM's 10). */
const READ_POOL_SIZE = 4;

export interface AppHandle {
  app: express.Express;
  /** This process's background-job queue (pg-boss; api/src/jobs). */
  jobs: JobQueue;
  close(): Promise<void>;
}

/**
 * The app on `orm`'s database. `fakes`: the development fakes it mounts — the demo store's
 * `createDemoStore` when `config.demoStore` is on (api/src/dev-fakes.ts: main.ts loads it at start,
 * the tests pass it); the app itself holds none.
 */
export async function createApp(
  orm: MikroORM,
  config: Config,
  databaseUrl: string,
  fakes: DevFakes = {},
): Promise<AppHandle> {
  if (config.demoStore && !fakes.createDemoStore) {
    throw new Error('config.demoStore is on but no demo store was given (createApp fakes.createDemoStore)');
  }
  configureLogging(config);
  const app = express();
  app.disable('x-powered-by');
  // First: every response carries its request id (x-request-id) and every log line of the request
  // does too; every request is timed for /metrics (observability/).
  const metrics = new AppMetrics();
  const headerSettings = { https: config.cookieSecure };
  // Before everything: the cart poll (every signed-in header, every 3 s), with the same duties as
  // every request done once each rather than layer by layer (http/fast-routes.ts).
  const fastRoutes = new FastRoutes({ metrics, securityHeaders: setApiSecurityHeaders(headerSettings) });
  fastRoutes.frontOf(app);
  app.use(fastRoutes.handedOn);
  app.use(requestLogging());
  app.use(httpMetrics(metrics));
  // Security headers on every response (locked down); the web app's pages and the playground
  // replace the CSP with their own (http/security-headers.ts).
  app.use(apiSecurityHeaders(headerSettings));
  // HTML, JSON and XML compressed on the fly (never an event stream or a download: http/compression.ts);
  // the graph's POSTs and the cart poll are compressed by their handler, only when large enough.
  app.use(
    compressedUnless(
      (req) =>
        (req.method === 'POST' && req.path === '/graphql') ||
        (req.method === 'GET' && req.path === CART_POLL_PATH),
    ),
  );
  if (config.trustProxy) app.set('trust proxy', 1);
  // Files on the local disk, or in S3 when S3_BUCKET is set (shared with the job handlers).
  const storage = storageFor(config);
  const payments = createPaymentProvider(config);

  // The hot reads of every request (the session with its user, the cart's lines) on a plain pool.
  // Connections once opened are kept (`min`): with pg's default the pool closed them after 10 s of
  // quiet, and the next burst waited for new PostgreSQL backends — the cart bench's poll p99 was
  // 250–450 ms, all of it in each turn's first second, and 16 ms with the connections kept
  // (bench/README.md, "Connections kept").
  const readPool = new Pool({ connectionString: databaseUrl, max: READ_POOL_SIZE, min: READ_POOL_SIZE });
  // An idle connection the database ends (a restart, a terminated backend) is dropped by the pool,
  // which reports it here: with no listener, that 'error' event would end the process.
  readPool.on('error', (error) =>
    log().warn({ err: error }, 'a read-pool connection was closed by the database'),
  );
  attachReadPool(orm, readPool);
  const sessions = new SessionStore(readPool, sessionUserJoin(orm.em));
  const sessionOptions = {
    store: sessions,
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    maxAgeMs: SESSION_MAX_AGE_MS,
    secure: config.cookieSecure,
  };
  const cookieSessions = sessionMiddleware(sessionOptions);
  // `Authorization: Bearer <API token>` stands for the cookie session (modules/api-tokens).
  const apiTokens = new ApiTokenStore(readPool, sessionUserJoin(orm.em));
  const sessionsMiddleware = bearerOrSession(apiTokens, cookieSessions);
  // The cart poll needs only who is signed in: an API token is read in front of it, a cookie
  // session by the poll itself, in the cart's statement (one round trip: sessionWithRows).
  const pollSessions = bearerOrSession(apiTokens, (_req, _res, next) => next());

  // Subscriptions hear events through one LISTEN connection per app (realtime/pg-pubsub.ts), the
  // request context's `realtime`.
  const realtime = new PgPubSub({ connectionString: databaseUrl });
  await realtime.start();
  const createContext = requestContextFactory(orm, storage, payments, config, realtime);
  const schema = await buildAppSchema();
  const apollo = new ApolloServer<Context>({
    schema,
    formatError,
    parseOptions,
    validationRules,
    introspection: true,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // main.ts owns shutdown; Apollo's own signal handlers would race it and hang on SIGTERM.
    stopOnTerminationSignals: false,
    // No cache hints in the graph: the cache-control plugin's per-field hooks are replaced by one header.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      noStoreCacheControl(),
      inputTextGuard(),
      subscriptionsElsewhere(),
      fieldSuggestionsForSignedInOnly(),
      // The query cost, refused over the limit and spent from a budget per token or address.
      ...limitPlugins(queryCostBudget(readPool, config.queryCostPerMinute)),
      apiTokenScopes(),
      graphqlMetrics(metrics),
    ],
  });
  await apollo.start();

  // Mail and background jobs (pg-boss in the schema `pgboss` of the app's database): every process
  // works every declared job; each job runs once across processes and machines. Housekeeping
  // (expired sessions, throttle rows, abandoned uploads, due refunds, lapsed holds, matured
  // earnings) is cron jobs in the modules' *.jobs.ts, not a timer in each process.
  configureMail(config);
  configureMembershipMail(config);
  configureNotifications(config);
  // Booking changes mail both parties (.ics attached) and queue reminders, in the change's transaction.
  installBookingNotifications(config);
  const jobQueue = new JobQueue(databaseUrl, {
    orm,
    config,
    pollingIntervalSeconds: config.jobPollingIntervalSeconds,
  });
  await jobQueue.start();
  await jobQueue.workRegistered();
  await jobQueue.scheduleRegistered();
  setCurrentJobQueue(jobQueue);
  metrics.collectFrom({ orm, readPool, jobs: jobQueue });
  // The shop's first full sync when a store is active and no product is cached yet.
  queueInitialShopSync(orm, config).catch((error) =>
    log().error({ err: error }, 'queueing the first shop sync failed'),
  );

  // CSRF: a cross-site state-changing request is refused before its session is read.
  const sameOriginOnly = sameOrigin(config.publicUrl);

  // Requests per API token, else per client address, counted in PostgreSQL across processes
  // (http/rate-limit.ts): after `sessionsMiddleware`, which sets req.apiToken for bearer requests.
  const rateLimit = requestRateLimit(readPool, {
    perAddress: config.rateLimitPerMinute,
    perToken: config.rateLimitTokenPerMinute,
  });

  // The graph first: every signed-in page polls it (the cart every 3 s), so it passes no other layer.
  const graphql = graphqlHandler(apollo, createContext);
  const graphqlBody = jsonBody(JSON_BODY_LIMIT_BYTES);
  app.post('/graphql', sameOriginOnly, sessionsMiddleware, rateLimit, graphqlBody, graphql);
  // The cart poll (every signed-in header, every 3 s) likewise passes no other layer: a safe GET with
  // no body or parameters needs neither the CSRF check nor the body parser nor the input check of the
  // REST router (cart/cart-list.route.ts).
  const cartPoll = [
    pollSessions,
    rateLimit,
    requireScope('cart:write'),
    cartListRoute(orm.em, { userChecked: true, sessionRows: sessionWithRows(sessionOptions) }),
  ];
  fastRoutes.get(CART_POLL_PATH, ...cartPoll);
  app.get(CART_POLL_PATH, ...cartPoll);
  // Subscriptions over Server-Sent Events (graphql-sse), with the checks and limits of /graphql.
  const stream = graphqlStream({
    schema,
    createContext,
    sessionStands: (req) =>
      req.apiToken ? apiTokens.stillValid(req.apiToken.id) : sessionStandsIn(sessions)(req),
    // A lost LISTEN connection drops the open streams: their clients reconnect and refetch.
    pubSub: realtime,
  });
  app.post(GRAPHQL_STREAM_PATH, sameOriginOnly, sessionsMiddleware, rateLimit, graphqlBody, stream.handler);
  app.all(GRAPHQL_STREAM_PATH, (_req, res) => {
    res.status(405).set('allow', 'POST').json({ message: 'Subscriptions are POSTed here (graphql-sse)' });
  });

  // Alive (no dependency touched) and ready (the database, the file storage and the job queue
  // answer): observability/health.ts. Metrics for Prometheus behind METRICS_TOKEN.
  app.get('/healthz', healthz);
  app.get(
    '/readyz',
    readyz({
      database: async () => void (await orm.em.getConnection().execute('select 1')),
      storage: () => checkStorage(storage),
      queue: () => jobQueue.check(),
    }),
  );
  app.get('/metrics', metricsRoute(metrics, config.metricsToken));

  app.use('/uploads', publicUploads(storage.public));
  app.use(playgroundAssets);
  app.get(SCHEMA_FILE_PATH, schemaFileRoute(schema));
  app.get('/graphql', playgroundPage(playgroundSecurityHeaders(headerSettings, playgroundHtml)));
  // Only the graph and the REST adapter read the session: static files and the web app's pages
  // cost no database read.
  app.use('/graphql', sameOriginOnly, sessionsMiddleware, rateLimit, graphqlBody, graphql);
  app.use(
    '/api',
    sessionsMiddleware,
    rateLimit,
    createRestRouter(apollo, createContext, sameOriginOnly, readPool),
  );

  // The built-in demo store (a local Shopify stand-in), outside production only (config.demoStore).
  const demoStore =
    config.demoStore && fakes.createDemoStore
      ? fakes.createDemoStore({
          databaseUrl,
          publicUrl: config.publicUrl,
          logError: (error, message) => log().error({ err: error }, message),
        })
      : null;
  if (demoStore) app.use(DEMO_STORE_PATH, demoStore.router);

  // Read from the database, before the web app's page for every other path (modules/seo).
  app.get('/robots.txt', robotsRoute(config.publicUrl));
  app.use(sitemapRoutes(orm.em, { publicUrl: config.publicUrl }));
  // Public pages carry their own title, description, Open Graph tags and JSON-LD (modules/seo), and
  // come rendered with the visitor's session (http/server-render.ts).
  const contentVersions = new ContentVersion();
  const renderPage = loadPageRenderer(
    config.webDist,
    apollo,
    sessionsMiddleware,
    createContext,
    contentVersions,
  );
  // A guarded page the viewer may not open is answered with the guard's redirect (http/page-access.ts).
  app.use(guardedPages(loadPageRules(config.webDist), sessionViewer(sessionsMiddleware, createContext)));
  app.use(
    webApp(
      config.webDist,
      headerSettings,
      new PageMetaSource(orm.em, config.publicUrl),
      renderPage,
      renderPage ? new SharedPageResponses(contentVersions, orm.em) : undefined,
    ),
  );

  const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const message =
        error?.type === 'entity.parse.failed'
          ? 'Malformed JSON body'
          : error?.type === 'entity.too.large'
            ? 'Request body too large'
            : status === 404
              ? 'Not found'
              : error.message;
      res.status(status).json({ message });
      return;
    }
    // Logged once, with the request's id, by the request's finished line (request-logging.ts).
    res.err = error instanceof Error ? error : new Error(String(error));
    res.status(500).json({ message: 'Internal server error' });
  };
  app.use(errorHandler);

  return {
    app,
    jobs: jobQueue,
    async close() {
      flushRequestSummary();
      stream.close();
      await realtime.close();
      setCurrentJobQueue(null);
      await jobQueue.stop();
      await apollo.stop();
      await readPool.end();
      await demoStore?.close();
      closeStorage(config);
    },
  };
}
