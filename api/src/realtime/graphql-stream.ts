import type { Request, RequestHandler, Response } from 'express';
import {
  createSourceEventStream,
  execute,
  type ExecutionArgs,
  type ExecutionResult,
  getOperationAST,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  parse,
  type DocumentNode,
  specifiedRules,
  validate,
} from 'graphql';
import { createHandler } from 'graphql-sse/lib/use/express';
import type { Context } from '../graphql/context';
import { formatError, unauthenticated } from '../graphql/errors';
import { withoutSuggestion } from '../graphql/field-suggestions';
import { graphInputProblem } from '../graphql/input-guard';
import { parseOptions, validationRules } from '../graphql/limits';
import { costRefusal, measureCost } from '../graphql/query-cost';
import type { SessionStore } from '../modules/auth';
import { scopeRefusal, scopeRefusalMessage } from '../modules/api-tokens';
import type { PgPubSub } from './pg-pubsub';
import { log } from '../observability/logger';

/** Where the graph's subscriptions are served. */
export const GRAPHQL_STREAM_PATH = '/graphql/stream';

export interface GraphqlStreamOptions {
  /** The shielded app schema (the same as /graphql's). */
  schema: GraphQLSchema;
  /** The app's context factory: called at subscribe time and again for every event. */
  createContext: (req: Request, res: Response) => Promise<Context>;
  /**
   * Whether the stream's session still stands (read again before each event of a signed-in
   * stream): a stream outlives its request, and a sign-out or expiry must end it.
   */
  sessionStands: (req: Request) => Promise<boolean>;
  /**
   * The schema's pubsub (the process's LISTEN connection): when it loses its connection, every
   * open stream is dropped (events NOTIFYed meanwhile are lost; the clients reconnect and
   * refetch), and a new stream waits until it listens again. Without one, neither happens.
   */
  pubSub?: Pick<PgPubSub, 'listening' | 'whenListening' | 'onListenerLost'>;
  /** At most this many open streams per signed-in user in this process (default 10). */
  maxStreamsPerUser?: number;
  /** How long a new stream waits for the listener to come back before a 503 (default 10 s). */
  listenerWaitMs?: number;
}

/** Open streams one user may hold in one process. */
export const MAX_STREAMS_PER_USER = 10;
export const tooManyStreams = (max: number) =>
  `Too many live update streams are open for your account (at most ${max}). Close other tabs or windows of this site and try again.`;
export const STREAMS_UNAVAILABLE = 'Live updates are unavailable right now. Try again in a moment.';

export interface GraphqlStream {
  handler: RequestHandler;
  /** Drops every open stream and stops listening to the pubsub (app shutdown). */
  close(): void;
  /** Open streams of this process. */
  readonly openStreams: number;
}

/** graphql-sse wants a context with an index signature; the app's is an interface. */
type StreamContext = Context & Record<PropertyKey, unknown>;

type Formatted = { errors?: GraphQLFormattedError[]; data?: unknown };

/** The app's error policy (formatError; guests get no "Did you mean …?") on a result. */
function formatted(result: ExecutionResult, context: Context | null): Formatted {
  if (!result.errors?.length) return result as Formatted;
  const errors = result.errors.map((error) => {
    const shown = formatError(error.toJSON(), error);
    return context?.viewer ? shown : { ...shown, message: withoutSuggestion(shown.message) };
  });
  return { ...result, errors };
}

function refusal(status: number, errors: GraphQLFormattedError[]) {
  return [
    JSON.stringify({ errors }),
    {
      status,
      statusText: status === 400 ? 'Bad Request' : 'Error',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    },
  ] as const;
}

function badRequest(message: string, code: string) {
  return refusal(400, [{ message, extensions: { code } }]);
}

/**
 * Maps a subscription's source events to results: each event executes with a fresh context (its
 * own EntityManager fork, so nothing is read from an earlier event's identity map) after the
 * session was checked again. An iterator object, not an async generator: `return()` (the client
 * went away) must end the source at once, not after its next event.
 */
function eventResults(
  source: AsyncIterable<unknown>,
  toResult: (event: unknown) => Promise<{ result: Formatted; last: boolean }>,
): AsyncGenerator<Formatted, void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  const finish = async (): Promise<IteratorResult<Formatted, void>> => {
    if (!finished) {
      finished = true;
      await iterator.return?.();
    }
    return { value: undefined, done: true };
  };
  const results: AsyncGenerator<Formatted, void, undefined> = {
    async next() {
      if (finished) return { value: undefined, done: true };
      const event = await iterator.next();
      if (event.done || finished) return finish();
      const { result, last } = await toResult(event.value);
      if (last) await finish();
      return { value: result, done: false };
    },
    return: finish,
    async throw(error?: unknown) {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return results;
    },
  } as AsyncGenerator<Formatted, void, undefined>;
  return results;
}

/**
 * GraphQL over Server-Sent Events (graphql-sse's protocol, "distinct connections" mode: one POST
 * per subscription, its answer the event stream) for the graph's subscriptions only; queries and
 * mutations stay on /graphql. Mounted behind the same-origin check and the session middleware; the
 * document passes the same parse limit, validation rules (depth, cost, aliases…) and input text
 * rule as /graphql, and every error goes through the app's `formatError`. graphql-sse pings every
 * 12 s to keep the connection (and proxies) open. A signed-in user holds at most 10 open streams
 * per process (429 RATE_LIMITED beyond). When the process's LISTEN connection is lost, every open
 * stream is dropped so its client reconnects and refetches; a stream asked for before the listener
 * is back waits for it (503 UNAVAILABLE after 10 s). The single-connection mode (a stream token per
 * client, kept in memory) is off: it cannot work across processes.
 */
export function graphqlStream(options: GraphqlStreamOptions): GraphqlStream {
  const { schema, createContext, sessionStands, pubSub } = options;
  const maxPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  const listenerWaitMs = options.listenerWaitMs ?? 10_000;
  const open = new Set<Response>();
  const perUser = new Map<string, number>();

  // Dropped, not completed: graphql-sse clients retry a dropped stream (reaching a process still
  // running behind the load balancer, or this one once it listens again, then refetching), while
  // a completed one stays over.
  const dropAll = () => {
    for (const res of open) res.destroy();
    open.clear();
  };
  const stopHearingLoss = pubSub?.onListenerLost(() => {
    if (open.size > 0) log().error(`[realtime] dropping ${open.size} open stream(s): the listener was lost`);
    dropAll();
  });

  const sse = createHandler<StreamContext>({
    schema,
    // No tokens: always the distinct connections mode.
    authenticate: () => null,
    onSubscribe: async (req, params) => {
      let document: DocumentNode;
      try {
        document = parse(params.query, parseOptions);
      } catch (error) {
        return badRequest((error as Error).message, 'GRAPHQL_PARSE_FAILED');
      }
      const operation = getOperationAST(document, params.operationName ?? undefined);
      if (!operation)
        return badRequest('The document names no operation to run.', 'GRAPHQL_VALIDATION_FAILED');
      if (operation.operation !== 'subscription') {
        return badRequest(
          'Only subscriptions are served here; send queries and mutations to /graphql.',
          'BAD_REQUEST',
        );
      }
      const contextValue = (await createContext(req.raw, req.context.res)) as StreamContext;
      const errors = validate(schema, document, [...specifiedRules, ...validationRules]).map(
        // As Apollo reports them at /graphql: graphql-js's own rules give no code.
        (error) =>
          new GraphQLError(error.message, {
            nodes: error.nodes,
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED', ...error.extensions },
          }),
      );
      if (errors.length) return refusal(400, formatted({ errors }, contextValue).errors!);
      const problem = graphInputProblem(document, params.variables ?? undefined);
      if (problem) return badRequest(problem, 'BAD_USER_INPUT');
      // An API token's scopes, as at /graphql (modules/api-tokens/scope-plugin.ts).
      const scopeProblem = req.raw.apiToken && scopeRefusal(schema, document, req.raw.apiToken.scopes);
      if (scopeProblem) {
        return refusal(403, [
          {
            message: scopeRefusalMessage(scopeProblem),
            extensions: { code: 'FORBIDDEN', field: scopeProblem.field, requiredScope: scopeProblem.needs },
          },
        ]);
      }
      // The query cost with the variables, as at /graphql (graphql/query-cost.ts).
      const tooCostly = costRefusal(
        measureCost(schema, document, params.variables ?? undefined, params.operationName),
      );
      if (tooCostly) {
        const { http: _http, ...extensions } = tooCostly.extensions;
        return refusal(400, [{ message: tooCostly.message, extensions }]);
      }
      const args: ExecutionArgs & { contextValue: StreamContext } = {
        schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue,
      };
      return args;
    },
    subscribe: async (args) => {
      const req = args.contextValue.req;
      const res = args.contextValue.res;
      const signedIn = Boolean(req.session?.userId);
      const stream = await createSourceEventStream(args);
      if (!(Symbol.asyncIterator in Object(stream))) {
        return formatted(stream as ExecutionResult, args.contextValue) as ExecutionResult;
      }
      return eventResults(stream as AsyncIterable<unknown>, async (event) => {
        if (signedIn && !(await sessionStands(req))) {
          return { result: formatted({ errors: [unauthenticated()] }, null), last: true };
        }
        const contextValue = await createContext(req, res);
        const result = await execute({ ...args, rootValue: event, contextValue });
        return { result: formatted(result, contextValue), last: false };
      }) as AsyncGenerator<ExecutionResult>;
    },
  });

  const handler: RequestHandler = async (req, res, next) => {
    const userId = req.session?.userId ?? null;
    if (userId) {
      const held = perUser.get(userId) ?? 0;
      if (held >= maxPerUser) {
        res
          .status(429)
          .json({ errors: [{ message: tooManyStreams(maxPerUser), extensions: { code: 'RATE_LIMITED' } }] });
        return;
      }
      perUser.set(userId, held + 1);
    }
    let counted = Boolean(userId);
    const release = () => {
      open.delete(res);
      if (!counted || !userId) return;
      counted = false;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    };
    open.add(res);
    res.once('close', release);
    // Proxies (nginx) must pass events on as they come, and nobody may keep an answer.
    res.setHeader('x-accel-buffering', 'no');
    res.setHeader('cache-control', 'no-store');
    try {
      // A stream opened while the listener reconnects would miss the events until then: it waits.
      if (pubSub && !pubSub.listening && !(await listening(pubSub, listenerWaitMs))) {
        if (!res.destroyed && !res.headersSent) {
          res
            .status(503)
            .json({ errors: [{ message: STREAMS_UNAVAILABLE, extensions: { code: 'UNAVAILABLE' } }] });
        }
        return;
      }
      if (res.destroyed) return;
      await sse(req, res);
    } catch (error) {
      if (res.headersSent) {
        // A stream dropped on purpose (close(), the listener lost) or by its client fails its next write.
        if (!res.destroyed) log().error({ err: error }, '[realtime] stream failed');
        res.destroy();
      } else next(error);
    } finally {
      release();
    }
  };

  return {
    handler,
    close() {
      stopHearingLoss?.();
      dropAll();
    },
    get openStreams() {
      return open.size;
    },
  };
}

/** Whether the pubsub listens within `ms` (now, or once its reconnect under way succeeds). */
async function listening(pubSub: Pick<PgPubSub, 'whenListening'>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([pubSub.whenListening().then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `sessionStands` for the app's session store: the session still exists and is the same user's. */
export function sessionStandsIn(store: Pick<SessionStore, 'read'>): (req: Request) => Promise<boolean> {
  return async (req) => {
    const { id, userId } = req.session;
    if (!id || !userId) return false;
    const stored = await store.read(id);
    return stored !== null && stored.userId === userId && stored.user !== null;
  };
}
