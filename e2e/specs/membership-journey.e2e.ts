import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDatabase } from '../support/app-database';
import { useBrowser } from '../support/browser';

/**
 * Memberships from end to end with the test provider (issue 12, "Tests"): a new member joins on
 * /subscription, opens a member-only course and a lesson, sees the member discount on a resource in
 * the cart, cancels (access stays until the period end), the test clock passes the period end,
 * access is gone and the progress is kept. The steps share one account, so they run in order.
 */

const b = useBrowser();

const COURSE = 'Tap Rhythms and Musicality'; // member-only (api/src/db/seeders/demo-courses.data.ts)
const RESOURCE = 'Swing Dance Social Games Kit'; // $7.00 → 10 % member discount $0.70
const SHOTS = '/tmp/membership-e2e';
const run = Date.now().toString(36);
const member = { username: `member_${run}`, firstName: 'Nina', lastName: 'Newmember' };
const PASSWORD = 'membership-journey-pw';
const TOO_EXPENSIVE = 'It is too expensive';

const state: { courseId?: string; lessonUrl?: string } = {};

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const opened: Page[] = [];
async function open(): Promise<Page> {
  const page = await b.page();
  opened.push(page);
  return page;
}

/** A test of the journey; on failure its pages are saved as FAILED-<n>-<i>.png. */
function step(n: number, name: string, body: () => Promise<void>, timeout = 90_000) {
  it(
    name,
    async () => {
      opened.length = 0;
      try {
        await body();
      } catch (error) {
        for (const [i, page] of opened.entries()) {
          await page
            .screenshot({ path: `${SHOTS}/FAILED-${n}-${i}.png`, fullPage: true })
            .catch(() => undefined);
        }
        throw error;
      }
    },
    timeout,
  );
}

/** The new member, signed in (by the API: the sign-in page has its own tests). */
async function asMember(): Promise<Page> {
  const page = await open();
  const res = await page.request.post('/api/login', {
    data: { username: member.username, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return page;
}

async function graph<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post('/graphql', { data: { query, variables } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

describe('membership journey (test provider)', () => {
  step(1, 'a new member joins Member on /subscription and lands on the success page', async () => {
    const page = await open();
    const res = await page.request.post('/api/register', {
      data: { ...member, email: `${member.username}@example.com`, password: PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Membership' }).first().click();
    await page.waitForURL((url) => url.pathname === '/subscription');
    await page.getByRole('heading', { name: 'Member', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Studio Pro', exact: true }).waitFor();
    await page.getByText('$19').first().waitFor();
    await shot(page, '1-plans');

    await page.getByRole('button', { name: 'Join Member' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription/success');
    await page.getByText('Welcome to Member!').waitFor();
    await shot(page, '1-success');
  });

  step(2, 'the member opens a member-only course and its first lesson', async () => {
    const page = await asMember();
    const { courses } = await graph<{ courses: { nodes: { id: string; title: string }[] } }>(
      page,
      'query ($s: String) { courses(first: 5, filter: { search: $s }) { nodes { id title } } }',
      { s: COURSE },
    );
    const course = courses.nodes.find((c) => c.title === COURSE);
    expect(course, COURSE).toBeTruthy();
    state.courseId = course!.id;
    await page.goto(`/courses/${course!.id}`);
    await page.getByRole('heading', { name: COURSE, level: 1 }).waitFor();
    await page.getByText('Included in your membership').waitFor();
    await page.getByRole('button', { name: 'Start with my membership' }).click();
    await page.getByText('Enrolled', { exact: true }).first().waitFor();
    await shot(page, '2-enrolled');

    const { course: detail } = await graph<{
      course: { modules: { id: string; lessons: { id: string; title: string }[] }[] };
    }>(page, 'query ($id: ID!) { course(id: $id) { modules { id lessons { id title } } } }', {
      id: course!.id,
    });
    const module = detail.modules[0];
    state.lessonUrl = `/courses/${course!.id}/modules/${module.id}/lessons/${module.lessons[0].id}`;
    await page.goto(state.lessonUrl);
    await page.getByRole('heading', { name: module.lessons[0].title }).first().waitFor();
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await page.getByRole('button', { name: 'Mark as not complete' }).waitFor();
    await shot(page, '2-lesson');
  });

  step(3, 'a curriculum resource in the cart shows the member discount', async () => {
    const page = await asMember();
    const { resources } = await graph<{ resources: { nodes: { id: string; title: string }[] } }>(
      page,
      'query ($s: String) { resources(first: 5, filter: { search: $s }) { nodes { id title } } }',
      { s: RESOURCE },
    );
    const resource = resources.nodes.find((r) => r.title === RESOURCE)!;
    await page.goto(`/curriculum/${resource.id}`);
    await page.getByRole('heading', { name: RESOURCE, level: 1 }).waitFor();
    await page.getByTestId('add-to-cart').click();
    await page.getByText('Added to Cart').first().waitFor();
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your Cart', level: 1 }).waitFor();
    const discount = page.getByTestId('cart-member-discount');
    await discount.filter({ hasText: 'Member discount (10%)' }).waitFor();
    await discount.filter({ hasText: '$0.70' }).waitFor();
    await shot(page, '3-cart');
  });

  step(4, 'the member cancels with a reason and keeps access until the period end', async () => {
    const page = await asMember();
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(TOO_EXPENSIVE).first().click();
    await dialog.getByRole('button', { name: 'Cancel membership' }).click();
    await page.getByRole('button', { name: 'Resume membership' }).waitFor();
    await shot(page, '4-cancelling');

    await page.goto(state.lessonUrl!);
    await page.getByRole('button', { name: 'Mark as not complete' }).waitFor();
  });

  step(5, 'the test clock passes the period end: access is gone, progress is kept', async () => {
    const page = await asMember();
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Jump to period end' }).click();
    await page.getByText('Ended', { exact: false }).first().waitFor();
    await shot(page, '5-ended');

    await page.goto(state.lessonUrl!);
    await page.getByRole('heading', { name: 'You are not enrolled in this course' }).waitFor();
    await page.goto(`/courses/${state.courseId}`);
    await page.getByRole('link', { name: 'See membership' }).waitFor();
    await shot(page, '5-course-locked');

    const db = await appDatabase();
    try {
      const { rows } = await db.query(
        `select count(*)::int as n from lesson_progress lp join users u on u.id = lp.user_id where u.username = $1`,
        [member.username],
      );
      expect(rows[0].n).toBe(1);
      const enrolled = await db.query(
        `select e.source from enrollments e join users u on u.id = e.user_id where u.username = $1`,
        [member.username],
      );
      expect(enrolled.rows).toEqual([{ source: 'membership' }]);
    } finally {
      await db.end();
    }
  });
});
