import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A GraphQL operation sent with the page's cookies (as the signed-in browser would); its data.
 * Fails the test on any GraphQL error or an unsuccessful answer.
 */
export async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post('/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(res.ok(), `POST /graphql answered ${res.status()}`).toBe(true);
  return body.data as T;
}
