// Test helpers only (the .test.ts suffix keeps this file out of the production build).
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { expect, vi } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { queriesDuring as countQueries } from '../../test/query-count';

/** Shared helpers of the courses integration tests (demo users and the demo catalogue). */

export type Agent = ReturnType<typeof request.agent>;

export const PASSWORD = 'drx-demo-2026';
export const json = { 'content-type': 'application/json' };
export const DEMO = ['admin', 'officer', 'seller', 'instructor', 'member', 'multi'] as const;
export type DemoName = (typeof DEMO)[number];

export const FOUNDATIONS = 'Foundations of Teaching Dance';
export const BALLET = 'Teaching Classical Ballet: Grades 1–3';
export const HIP_HOP = 'Hip Hop Choreography for Teens';

export interface GqlResult<T = any> {
  status: number;
  data: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export function db(t: TestApp) {
  return t.orm.em.fork().getConnection();
}

/** One signed-in browser per demo user, and their ids. */
export async function signInDemoUsers(t: TestApp) {
  const as = {} as Record<DemoName, Agent>;
  const idOf = {} as Record<DemoName, string>;
  for (const name of DEMO) {
    const browser = t.agent();
    const res = await browser.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = browser;
    idOf[name] = res.body.id;
  }
  return { as, idOf };
}

export function codes(res: { errors?: { extensions?: { code?: string } }[] }) {
  return res.errors?.map((e) => e.extensions?.code);
}

/** Runs a query and fails on any GraphQL error. */
export async function ok<T = any>(
  t: TestApp,
  agent: Agent,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

export async function idByTitle(t: TestApp, title: string): Promise<string> {
  const rows: { id: string }[] = await db(t).execute('select id from courses where title = ?', [title]);
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

export async function styleId(t: TestApp, name: string): Promise<string> {
  const rows: { id: string }[] = await db(t).execute('select id from dance_styles where name = ?', [name]);
  return rows[0].id;
}

export async function categoryId(t: TestApp, name: string): Promise<string> {
  const rows: { id: string }[] = await db(t).execute('select id from course_categories where name = ?', [
    name,
  ]);
  return rows[0].id;
}

export interface NewCourse {
  title: string;
  summary?: string;
  description?: string;
  priceCents?: number;
  danceStyleId?: string | null;
  categoryId?: string | null;
  skillLevel?: string | null;
  ageGroup?: string | null;
  instructorId: string;
  published?: boolean;
  createdAt?: Date;
}

let inserted = 0;
/** Inserts courses straight into the table (each with a unique slug). */
export async function insertCourses(t: TestApp, courses: NewCourse[]): Promise<string[]> {
  const ids = courses.map(() => randomUUID());
  const row = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
  const params = courses.flatMap((c, i) => {
    inserted += 1;
    const created = c.createdAt ?? new Date(Date.now() - 86_400_000 - inserted * 1000);
    return [
      ids[i],
      c.title,
      `inserted-${inserted}-${ids[i].slice(0, 8)}`,
      c.summary ?? '',
      c.description ?? '',
      c.priceCents ?? 0,
      c.danceStyleId ?? null,
      c.skillLevel ?? null,
      c.ageGroup ?? null,
      c.categoryId ?? null,
      c.instructorId,
      c.published ?? true,
      created,
      created,
    ];
  });
  await db(t).execute(
    `insert into courses (id, title, slug, summary, description, price_cents, dance_style_id, skill_level,
       age_group, category_id, instructor_id, published, created_at, updated_at)
     values ${courses.map(() => row).join(', ')}`,
    params,
  );
  return ids;
}

/** The SQL statements MikroORM runs while `work` runs. */
export const queriesDuring = (t: TestApp, work: () => Promise<unknown>) => countQueries(t.orm, work);

/** Runs `work` with console.error silenced (the app logs unexpected errors before masking them). */
export async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}
