import type { Express, Request } from 'express';
import type { GraphRoute } from '../rest/graph-route';
import { OVER_LIMIT, sample } from './fuzz-values';

/** One REST row as Express routes it (`/api` + the row's path). */
export interface RestRow {
  method: string;
  path: string;
}

/** One request of the REST fuzz. */
export interface RestCase {
  row: string;
  method: string;
  url: string;
  /** A JSON body (object or not), raw text (`raw`), or multipart parts. */
  body?: { json: unknown } | { raw: string } | { multipart: MultipartPart[] };
  note: string;
}

export type MultipartPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; fileName: string; content: Buffer };

interface Layer {
  name?: string;
  handle?: { stack?: Layer[] };
  route?: { path: string | string[]; methods: Record<string, boolean> };
  matchers?: unknown[];
}

/**
 * Every row of the REST adapter, read from the app's own router (so a new row is fuzzed without
 * being listed here): each route of the router mounted at /api.
 */
/**
 * A route's methods; `router.all` (the resumable uploads' tus endpoint) is fuzzed with the methods
 * of its protocol (creation, offset, append, termination) and a GET.
 */
const methodsOf = (method: string): string[] =>
  method === '_all' ? ['get', 'post', 'head', 'patch', 'delete'] : [method];

export function restRows(app: Express): RestRow[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const routers = stack.filter((layer) => layer.name === 'router' && layer.handle?.stack);
  const rows: RestRow[] = [];
  for (const router of routers) {
    for (const layer of router.handle!.stack!) {
      if (!layer.route) continue;
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const method of Object.keys(layer.route.methods).flatMap(methodsOf)) {
        for (const path of paths) rows.push({ method, path: `/api${path}` });
      }
    }
  }
  return rows;
}

/** The query and body keys a graph row reads, found by running its `variables` on a recording request. */
export function keysRead(route: GraphRoute | undefined): { query: string[]; body: string[] } {
  const query = new Set<string>();
  const body = new Set<string>();
  const recorder = (into: Set<string>) =>
    new Proxy(
      {},
      { get: (_target, key) => (typeof key === 'string' ? (into.add(key), undefined) : undefined) },
    );
  const req = {
    params: new Proxy({}, { get: () => 'x' }),
    query: recorder(query),
    body: recorder(body),
    get: () => undefined,
    header: () => undefined,
  } as unknown as Request;
  try {
    route?.variables?.(req);
  } catch {
    // a row that needs more of the request than this: its keys stay unknown
  }
  return { query: [...query], body: [...body] };
}

/** Path segments (already URL-encoded) for a `:param`. */
const BAD_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a UTF-16 surrogate encoded as UTF-8: not valid UTF-8
  '%C0%AF',
  '%1B',
  'A'.repeat(5000),
  '-1',
  '0',
  '2147483648',
  '%F0%9F%98%80',
  '..',
  '%25',
  'null',
  '00000000-0000-0000-0000-000000000000',
];

/** Query-string values (already URL-encoded, or a raw `key=…` tail for the array shapes). */
const BAD_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  'A'.repeat(5000),
  '-1',
  '2147483648',
  '99999999999999999999',
  '%1B',
  '',
];

/** Body values for one key. */
const BAD_BODY_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u0007',
  OVER_LIMIT,
  'A'.repeat(10_000),
  '',
  -1,
  2147483648,
  1e308,
  1.5,
  null,
  {},
  [],
  ['\u0000'],
  true,
];

/** Whole bodies that are not the object a row expects. */
const BAD_BODIES: RestCase['body'][] = [
  { json: [] },
  { json: 'x' },
  { json: 1 },
  { json: null },
  { json: { '\u0000': 'x' } },
  { json: { ['A'.repeat(10_000)]: 'x' } },
  { raw: '{"username": "a' },
  { raw: '{"a": "\\ud800"}' },
  { raw: `${'['.repeat(40_000)}${']'.repeat(40_000)}` },
];

/**
 * The fuzz cases of one REST row: each `:param` malformed (the others a real id), each query key
 * it reads malformed (and repeated, and bracketed), each body key malformed, whole bodies of the
 * wrong shape; multipart rows get malformed field names, values and file names.
 */
export function restCases(
  row: RestRow,
  route: GraphRoute | undefined,
  allBodyKeys: readonly string[],
  source: { random: () => number; idsFor: (hints: string[]) => readonly string[] },
  multipart: boolean,
): RestCase[] {
  const { random, idsFor } = source;
  const name = `${row.method.toUpperCase()} ${row.path}`;
  const params = [...row.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  // `/api/courses/:id` → courses
  const realId = (param: string) => {
    const before = row.path.split(`/:${param}`)[0].split('/').pop() ?? '';
    return sample(idsFor([param, before]), 1, random)[0];
  };
  const urlWith = (overrides: Record<string, string> = {}, query = '') => {
    let url = row.path;
    for (const param of params) url = url.replace(`:${param}`, overrides[param] ?? realId(param));
    return query ? `${url}?${query}` : url;
  };
  const keys = keysRead(route);
  const bodyKeys = route ? keys.body : [...allBodyKeys];
  const withBody = row.method !== 'get';
  const plausibleBody = () => Object.fromEntries(bodyKeys.map((key) => [key, 'fuzz']));
  const cases: RestCase[] = [];
  const push = (url: string, note: string, body?: RestCase['body']) =>
    cases.push({
      row: name,
      method: row.method,
      url,
      note,
      body: body ?? (withBody ? { json: plausibleBody() } : undefined),
    });

  push(urlWith(), 'plausible');
  for (const param of params) {
    for (const segment of BAD_SEGMENTS) push(urlWith({ [param]: segment }), `:${param}`);
  }
  for (const key of [...keys.query, 'search']) {
    for (const value of sample(BAD_QUERY_VALUES, 5, random)) push(urlWith({}, `${key}=${value}`), `?${key}`);
    push(urlWith({}, `${key}=%00&${key}=x`), `?${key} twice`);
    push(urlWith({}, `${key}[a]=%00`), `?${key}[a]`);
  }
  if (withBody && !multipart) {
    for (const key of bodyKeys) {
      for (const value of sample(BAD_BODY_VALUES, 6, random)) {
        push(urlWith(), `body.${key}`, { json: { ...plausibleBody(), [key]: value } });
      }
    }
    for (const body of BAD_BODIES) push(urlWith(), 'whole body', body);
  }
  if (multipart) {
    const file = Buffer.from('%PDF-1.4\n%fuzz\n');
    for (const part of [
      { kind: 'field', name: '\u0000', value: 'x' },
      { kind: 'field', name: 'title', value: 'a\u0000b' },
      { kind: 'field', name: 'title', value: 'A'.repeat(10_000) },
      { kind: 'file', name: 'files', fileName: 'a\u0000b.pdf', content: file },
      { kind: 'file', name: 'image', fileName: '\ud800.png', content: file },
      { kind: 'file', name: '\u0000', fileName: 'x.pdf', content: file },
      { kind: 'file', name: 'files', fileName: `${'A'.repeat(5000)}.pdf`, content: file },
    ] satisfies MultipartPart[]) {
      push(urlWith(), `multipart ${part.kind} ${JSON.stringify(part.name)}`, { multipart: [part] });
    }
  }
  return cases;
}
