import { type APIRequestContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appReady, DEMO_PASSWORD, useBrowser, waitForQuietNetwork } from '../support/browser';
import { blockingViolations } from '../support/accessibility';
import { apiSignIn } from '../support/two-step';

const b = useBrowser();

interface Ids {
  course: string;
  resource: string;
  seller: string;
  userId: string;
  certificateNumber: string;
  instructor: string;
}
let ids: Ids;
const apis: APIRequestContext[] = [];

async function api(): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: inject('baseURL') });
  apis.push(ctx);
  return ctx;
}

async function json<T>(res: { ok(): boolean; status(): number; url(): string; json(): Promise<unknown> }) {
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}`);
  return (await res.json()) as T;
}

async function graphql<T>(ctx: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const body = await json<{ data?: T; errors?: { message: string }[] }>(
    await ctx.post('/graphql', { data: { query, variables } }),
  );
  if (body.errors?.length || !body.data) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * Real ids from the API (demo data), plus a certificate issued for the occasion so the
 * verification page shows a valid certificate rather than only "not found".
 */
async function loadIds(): Promise<Ids> {
  const guest = await api();
  type Course = { id: string; priceCents: number; memberOnly: boolean };
  const courses = await json<{ items: Course[] }>(await guest.get('/api/courses?first=50'));
  const resources = await json<{ items: { id: string }[] }>(await guest.get('/api/curriculum?first=1'));
  const sellers = await json<{ items: { id: string }[] }>(await guest.get('/api/sellers?first=1'));
  expect(courses.items.length).toBeGreaterThan(0);
  expect(resources.items.length).toBeGreaterThan(0);
  expect(sellers.items.length).toBeGreaterThan(0);
  const { instructors } = await graphql<{ instructors: { nodes: { id: string }[] } }>(
    guest,
    '{ instructors(first: 1) { nodes { id } } }',
  );
  expect(instructors.nodes.length).toBeGreaterThan(0);

  const instructor = await api();
  await json(
    await instructor.post('/api/login', { data: { username: 'instructor', password: DEMO_PASSWORD } }),
  );
  const { certificateIssueCourses } = await graphql<{ certificateIssueCourses: { id: string }[] }>(
    instructor,
    '{ certificateIssueCourses { id } }',
  );
  const teachable = new Set(certificateIssueCourses.map((c) => c.id));
  const free = courses.items.find((c) => teachable.has(c.id) && c.priceCents === 0 && !c.memberOnly);
  if (!free) throw new Error('No free course of the demo instructor to issue a certificate for');

  const member = await api();
  const username = `a11y${Date.now().toString(36)}`;
  const { id: userId } = await json<{ id: string }>(
    await member.post('/api/register', {
      data: { username, password: 'grand-jete-2026', firstName: 'Ada', lastName: 'Access' },
    }),
  );
  await json(await member.post('/api/enrollments', { data: { courseId: free.id } }));
  const { certificateIssue } = await graphql<{
    certificateIssue: { certificate: { number: string } | null; userErrors: { message: string }[] };
  }>(
    instructor,
    `
      mutation Issue($input: CertificateIssueInput!) {
        certificateIssue(input: $input) {
          certificate {
            number
          }
          userErrors {
            message
          }
        }
      }
    `,
    { input: { courseId: free.id, userId } },
  );
  if (!certificateIssue.certificate) throw new Error(JSON.stringify(certificateIssue.userErrors));

  return {
    course: courses.items[0].id,
    resource: resources.items[0].id,
    seller: sellers.items[0].id,
    userId,
    certificateNumber: certificateIssue.certificate.number,
    instructor: instructors.nodes[0].id,
  };
}

/** A demo store product with sizes and colours (dev/demo-store/src/demo-store-seed.ts). */
const SHOP_PRODUCT = 'canvas-split-sole-ballet-slippers';

/**
 * Waits until the shop has synced the demo store's products (the first sync runs on the job queue
 * after the start), so the shop pages show products rather than an empty grid.
 */
async function shopSynced(): Promise<void> {
  const guest = await api();
  const deadline = Date.now() + 60_000;
  while ((await guest.get(`/api/store/products/${SHOP_PRODUCT}`)).status() !== 200) {
    if (Date.now() > deadline) throw new Error(`The shop did not list ${SHOP_PRODUCT} within 60 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The demo store product the member's store order buys (not SHOP_PRODUCT: its stock stays as seeded). */
const ORDERED_PRODUCT = 'stretch-band-set';

/**
 * A paid and shipped store order of the demo `member` (placed in the demo store, which tells DRX
 * through its webhooks), so /my-purchases and /admin/store/orders show an order with tracking.
 */
async function memberStoreOrder(): Promise<void> {
  const member = await api();
  await json(await member.post('/api/login', { data: { username: 'member', password: DEMO_PASSWORD } }));
  // The demo store's first catalogue sync runs as a job after start: wait for it when this spec runs first.
  let sku: string | null | undefined;
  for (const deadline = Date.now() + 60_000; !sku && Date.now() < deadline;) {
    const { shopProduct } = await graphql<{
      shopProduct: { variants: { sku: string | null; available: boolean }[] } | null;
    }>(member, 'query ($h: String!) { shopProduct(handle: $h) { variants { sku available } } }', {
      h: ORDERED_PRODUCT,
    });
    sku = shopProduct?.variants.find((v) => v.available && v.sku)?.sku;
    if (!sku) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!sku) throw new Error(`No available variant of ${ORDERED_PRODUCT} with a SKU`);
  const store = await api();
  const order = await json<{ id: string | number }>(
    await store.post('/demo-store/_control/orders', {
      data: { email: 'member@demo.drx.dance', lines: [{ sku, quantity: 1 }], paid: true },
    }),
  );
  await json(
    await store.post(`/demo-store/_control/orders/${encodeURIComponent(String(order.id))}/fulfill`, {
      data: {
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://tracking.example.com/1Z999AA10123456784',
        trackingCompany: 'UPS',
      },
    }),
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { storeOrders } = await graphql<{ storeOrders: { nodes: { trackingNumber: string | null }[] } }>(
      member,
      '{ storeOrders(first: 5) { nodes { trackingNumber } } }',
    );
    if (storeOrders.nodes.some((o) => o.trackingNumber)) return;
    if (Date.now() > deadline) throw new Error("The demo store's order webhooks did not land within 20 s");
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  ids = await loadIds();
  await shopSynced();
  await memberStoreOrder();
});

afterAll(async () => {
  await Promise.all(apis.splice(0).map((ctx) => ctx.dispose()));
});

/** Every page a signed-out visitor can open (spec section 2: public layout and the third route kind). */
const PUBLIC_PAGES: [name: string, path: (ids: Ids) => string][] = [
  ['home', () => '/'],
  ['about', () => '/about'],
  ['sign in', () => '/auth'],
  ['register', () => '/register'],
  ['course list', () => '/courses'],
  ['course details', (i) => `/courses/${encodeURIComponent(i.course)}`],
  ['curriculum store', () => '/curriculum'],
  ['resource details', (i) => `/curriculum/${encodeURIComponent(i.resource)}`],
  ['seller store', (i) => `/sellers/${encodeURIComponent(i.seller)}`],
  ['certificate verification (valid)', (i) => `/verify/${encodeURIComponent(i.certificateNumber)}`],
  ['certificate verification (unknown)', () => '/verify/DRX-2026-AAAAAAAA'],
  ['user profile', (i) => `/profile/${encodeURIComponent(i.userId)}`],
  ['guest cart', () => '/cart'],
  ['connect', () => '/connect'],
  ['connect with filters', () => '/connect?style=Ballet&mode=in_person&week=1'],
  ['connect (updated alias)', () => '/connect-updated'],
  ['connect (old alias)', () => '/connect-old'],
  ['instructor profile', (i) => `/instructors/${encodeURIComponent(i.instructor)}`],
  ['instructor profile (unknown)', () => '/instructors/00000000-0000-4000-8000-000000000000'],
  ['membership plans', () => '/subscription'],
  [
    'membership success (a visitor: sign in to see it)',
    () => '/subscription/success?session_id=cs_test_a11y',
  ],
  ['blog', () => '/blog'],
  ['contact', () => '/contact'],
  ['unsubscribe (link without a token)', () => '/notifications/unsubscribe'],
  ['unsubscribe (a link)', () => '/notifications/unsubscribe?token=abc.def'],
  ['terms', () => '/terms'],
  ['privacy', () => '/privacy'],
  ['cookies', () => '/cookies'],
  ['shop', () => '/shop'],
  ['shop with a search and filters', () => '/shop?q=shoes&type=Shoes&style=ballet'],
  ['shop product (sizes and colours)', () => `/shop/${SHOP_PRODUCT}`],
  ['shop product (unknown)', () => '/shop/no-such-product'],
  ['shop bag (a guest, empty)', () => '/shop/bag'],
  ['not found', () => '/no/such/page'],
];

/** Waits until the page's route has loaded its data and its entrance animations are over. */
async function settle(page: Page) {
  await page.locator('main h1, h1').first().waitFor();
  // Not 'networkidle': signed-in pages keep the live stream (/graphql/stream) open.
  await waitForQuietNetwork(page);
  await page.waitForFunction(() => !document.querySelector('[role="status"] .chakra-spinner'));
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

// The pages are checked a few at a time (`maxConcurrency` in vitest.config.ts), each test in its
// own browser context: loading, settling and axe's analysis of one page overlap another's.
describe.concurrent('accessibility of the public pages (signed out, axe WCAG 2.1 A/AA)', () => {
  it.for(PUBLIC_PAGES)('%s has no serious or critical violation', async ([_name, path], test) => {
    const { expect } = test;
    const page = await b.page({}, test);
    await page.goto(path(ids));
    await settle(page);
    expect(
      await blockingViolations(page),
      `${page.url()} has serious or critical accessibility violations`,
    ).toEqual([]);
  });
});

/** Signed-in pages of Instructor Connect and memberships: the member's, the instructor's and the admin's (demo accounts). */
const SIGNED_IN_CONNECT_PAGES: [name: string, username: string, path: (ids: Ids) => string][] = [
  ['my bookings', 'member', () => '/my-bookings'],
  ['my bookings (past)', 'member', () => '/my-bookings?tab=past'],
  ['booking flow', 'member', (i) => `/instructors/${encodeURIComponent(i.instructor)}/book`],
  ['booking flow (/connect/book)', 'member', (i) => `/connect/book/${encodeURIComponent(i.instructor)}`],
  ['instructor: Connect profile', 'instructor', () => '/connect/profile'],
  ['instructor: availability', 'instructor', () => '/instructor/availability'],
  ['instructor: bookings', 'instructor', () => '/instructor/bookings'],
  ['instructor: booking settings', 'instructor', () => '/instructor/settings'],
  ['admin: instructors', 'admin', () => '/admin/instructors'],
  ['admin: bookings', 'admin', () => '/admin/bookings'],
  ['membership (a member)', 'member', () => '/subscription'],
  ['subscription success', 'member', () => '/subscription/success'],
  ['admin: subscription plans', 'admin', () => '/admin/subscription-plans'],
  ['contact (a member, prefilled)', 'member', () => '/contact'],
  ['profile edit (with notification settings)', 'member', () => '/profile/edit'],
  ['admin: messages (inbox)', 'admin', () => '/admin/messages'],
  ['admin: store', 'admin', () => '/admin/store'],
  ['admin: store products', 'admin', () => '/admin/store/products'],
  ['admin: store orders (a shipped one)', 'admin', () => '/admin/store/orders'],
  ['admin: security log', 'admin', () => '/admin/security'],
  ['admin: refunds due', 'admin', () => '/admin/refunds'],
  ['curriculum officer: store products', 'officer', () => '/admin/store/products'],
  ['my purchases with a shipped store order', 'member', () => '/my-purchases'],
  ['notifications', 'member', () => '/notifications'],
];

describe.concurrent('accessibility of the Connect pages (signed in, axe WCAG 2.1 A/AA)', () => {
  it.for(SIGNED_IN_CONNECT_PAGES)(
    '%s (as %s) has no serious or critical violation',
    async ([_name, username, path], test) => {
      const { expect } = test;
      const page = await b.page({}, test);
      const login = await apiSignIn(page, (p) => p, { username, password: DEMO_PASSWORD });
      expect(login.status(), `sign in as ${username}`).toBe(200);
      await page.goto(path(ids));
      await settle(page);
      expect(
        await blockingViolations(page),
        `${page.url()} has serious or critical accessibility violations`,
      ).toEqual([]);
    },
  );
});

describe.concurrent('accessibility of the shop in use (axe WCAG 2.1 A/AA)', () => {
  it('/shop/bag with a line (a member) has no serious or critical violation', async (test) => {
    const { expect } = test;
    const page = await b.page({}, test);
    const login = await page.request.post('/api/login', {
      data: { username: 'member', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const { shopProduct } = await graphql<{
      shopProduct: { variants: { id: string; available: boolean }[] } | null;
    }>(page.request, 'query ($h: String!) { shopProduct(handle: $h) { variants { id available } } }', {
      h: SHOP_PRODUCT,
    });
    const variant = shopProduct?.variants.find((v) => v.available);
    if (!variant) throw new Error(`No available variant of ${SHOP_PRODUCT}`);
    const { shopBagAdd } = await graphql<{ shopBagAdd: { userErrors: { message: string }[] } }>(
      page.request,
      `
        mutation ($id: ID!) {
          shopBagAdd(input: { variantId: $id, quantity: 1 }) {
            userErrors {
              message
            }
          }
        }
      `,
      { id: variant.id },
    );
    expect(shopBagAdd.userErrors).toEqual([]);
    await page.goto('/shop/bag');
    await settle(page);
    await page.getByTestId('shop-bag-line').first().waitFor();
    expect(
      await blockingViolations(page),
      `${page.url()} has serious or critical accessibility violations`,
    ).toEqual([]);
  });

  it('a product page with a size chosen and added to the bag has no serious or critical violation', async (test) => {
    const { expect } = test;
    const page = await b.page({}, test);
    await page.goto(`/shop/${SHOP_PRODUCT}`);
    await settle(page);
    // The product page now comes rendered by the server: the size is chosen once the app has
    // adopted it (the header's cart answers), as when the app drew the page. Presses made before
    // the app is there are first-tap.e2e.ts's and server-render.e2e.ts's to check.
    await appReady(page);
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-dropdown').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('cart-dropdown').waitFor({ state: 'hidden' });
    await page.getByTestId('variant-picker').getByRole('radio', { name: 'Black', exact: true }).check();
    await page.getByRole('button', { name: 'Add to bag' }).click();
    await page.getByRole('link', { name: 'View bag' }).waitFor();
    expect(
      await blockingViolations(page),
      `${page.url()} after "Add to bag" has serious or critical accessibility violations`,
    ).toEqual([]);
  });
});

describe.concurrent(
  'accessibility of the contact form and the staff inbox in use (axe WCAG 2.1 A/AA)',
  () => {
    it('/contact showing its field errors has no serious or critical violation', async (test) => {
      const { expect } = test;
      const page = await b.page({}, test);
      await page.goto('/contact');
      await settle(page);
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Your message is required.').waitFor();
      expect(
        await blockingViolations(page),
        `${page.url()} has serious or critical accessibility violations`,
      ).toEqual([]);
    });

    it('/admin/messages?item=… (a contact message with a note and a reply) has no serious or critical violation', async (test) => {
      const { expect } = test;
      // a contact message from a guest, noted and answered by an admin
      const guest = await api();
      const sent = await guest.post('/api/contact', {
        data: {
          name: 'Axe Guest',
          email: 'axe.guest@example.com',
          subject: 'Accessibility check',
          message: 'Hello!\nIs the inbox readable?',
        },
      });
      expect(sent.status()).toBe(201);
      const page = await b.page({}, test);
      const login = await apiSignIn(page, (path) => path, {
        username: 'admin',
        password: DEMO_PASSWORD,
      });
      expect(login.ok()).toBe(true);
      const inbox = await graphql<{ inboxItems: { nodes: { id: string }[] } }>(
        page.request,
        `
          {
            inboxItems(search: "axe.guest@example.com", first: 1) {
              nodes {
                id
              }
            }
          }
        `,
      );
      const id = inbox.inboxItems.nodes[0].id;
      await graphql(
        page.request,
        `
          mutation ($id: ID!) {
            inboxNoteAdd(input: { itemId: $id, body: "Checked." }) {
              userErrors {
                code
              }
            }
          }
        `,
        { id },
      );
      await graphql(
        page.request,
        `
          mutation ($id: ID!) {
            inboxReply(input: { itemId: $id, body: "Yes, it is." }) {
              userErrors {
                code
              }
            }
          }
        `,
        { id },
      );
      await page.goto(`/admin/messages?item=${encodeURIComponent(id)}`);
      await settle(page);
      await page.getByRole('list', { name: 'Thread' }).getByText('Yes, it is.').waitFor();
      expect(
        await blockingViolations(page),
        `${page.url()} has serious or critical accessibility violations`,
      ).toEqual([]);
    });
  },
);

/** The member's demo conversation with the demo instructor (seeded), by the member's session. */
async function demoConversationId(page: Page): Promise<string> {
  const { conversations } = await graphql<{ conversations: { nodes: { id: string }[] } }>(
    page.request,
    '{ conversations(first: 1) { nodes { id } } }',
  );
  expect(conversations.nodes.length, 'the demo conversation is seeded').toBeGreaterThan(0);
  return conversations.nodes[0].id;
}

/** The inbox and an open conversation in each area, and the compose dialog (issue 13). */
const MESSAGES_PAGES: [name: string, username: string, path: (conversationId: string) => string][] = [
  ['messages (inbox)', 'member', () => '/messages'],
  ['messages (an open conversation)', 'member', (id) => `/messages/${encodeURIComponent(id)}`],
  ['messages (unknown conversation)', 'member', () => '/messages/00000000-0000-4000-8000-000000000000'],
  ['instructor: messages', 'instructor', () => '/instructor/messages'],
  ['instructor: a conversation', 'instructor', (id) => `/instructor/messages/${encodeURIComponent(id)}`],
  ['seller: messages', 'seller', () => '/seller/messages'],
];

describe.concurrent('accessibility of the messages pages (signed in, axe WCAG 2.1 A/AA)', () => {
  it.for(MESSAGES_PAGES)(
    '%s (as %s) has no serious or critical violation',
    async ([_name, username, path], test) => {
      const { expect } = test;
      const page = await b.page({}, test);
      const login = await page.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
      expect(login.ok(), `sign in as ${username}`).toBe(true);
      const conversationId = username === 'seller' ? '' : await demoConversationId(page);
      await page.goto(path(conversationId));
      await settle(page);
      expect(
        await blockingViolations(page),
        `${page.url()} has serious or critical accessibility violations`,
      ).toEqual([]);
    },
  );

  it('the compose dialog on an instructor profile (as a member) has no serious or critical violation', async (test) => {
    const { expect } = test;
    const page = await b.page({}, test);
    const login = await page.request.post('/api/login', {
      data: { username: 'member', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    await page.goto(`/instructors/${encodeURIComponent(ids.instructor)}`);
    await settle(page);
    await page.getByRole('button', { name: /^Message / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Write a message first.').waitFor();
    expect(
      await blockingViolations(page),
      `${page.url()} with the compose dialog has serious or critical accessibility violations`,
    ).toEqual([]);
  });
});
