import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDatabase } from '../support/app-database';
import { signInByApi, useBrowser } from '../support/browser';

/**
 * Instructor Connect from end to end, as its users click through it (issue 11, "Tests"): a new
 * member finds the demo instructor on /connect, books and pays a private lesson with the test
 * provider, sees it in /my-bookings and downloads its .ics; a second member who had picked the
 * same time is refused; the instructor sees the booking, marks it completed once its time has
 * passed; the member reviews it and the review is on the public profile; an admin finds the
 * booking on /admin/bookings and its order on /admin/orders. The steps share one booking, so they
 * run in order (vitest runs a file's tests one after another).
 *
 * connect-booking.e2e.ts books with the demo `member` and completes through the graph; this file
 * covers the rest through the pages: a fresh account, the profile's session buttons, the taken
 * time, the browser download, the instructor's and the admin's pages.
 */

const b = useBrowser();

// The demo `instructor` is Ines Instructor; profiles show the display name, her first name.
const INSTRUCTOR_NAME = 'Ines Instructor';
const SHOWN_NAME = 'Ines';
const LESSON = 'Private lesson (60 min)'; // $60, 60 minutes, 15 min buffer after (api/src/db/seeders/demo-instructors.ts)
const LESSON_PRICE = '$60';
const TAKEN = 'This time was just booked — please pick another';
const SHOTS = '/tmp/connect-e2e';

const run = Date.now().toString(36);
const client = { username: `connect_a_${run}`, firstName: 'Maya', lastName: 'Mambo' };
const rival = { username: `connect_b_${run}`, firstName: 'Rafa', lastName: 'Rival' };
const PASSWORD = 'connect-journey-pw';
const NOTE = `Cross-body lead, please (${run})`;
const REVIEW = `Patient and precise: my turns finally work (${run})`;

/** What the steps hand on to each other. */
const state: {
  instructorId?: string;
  sessionTypeId?: string;
  start?: string;
  bookingId?: string;
  orderNumber?: string;
} = {};

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The pages of the running test, photographed when it fails (before useBrowser closes them). */
const opened: Page[] = [];
async function open(): Promise<Page> {
  const page = await b.page();
  opened.push(page);
  return page;
}

/** A test of the journey; on failure every page it opened is saved as FAILED-<n>-<i>.png. */
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

/** Signs the new member in again (useBrowser closes every test's contexts after it). */
async function asMember(): Promise<Page> {
  const page = await open();
  await signInByApi(page, client.username, PASSWORD);
  return page;
}

/** Registers a new member through the REST API (as the other specs do); the page is signed in. */
async function register(page: Page, who: typeof client) {
  const res = await page.request.post('/api/register', {
    data: {
      username: who.username,
      email: `${who.username}@example.com`,
      password: PASSWORD,
      firstName: who.firstName,
      lastName: who.lastName,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The booker's zone, not the browser's (UTC) nor the instructor's (America/New_York). */
const BOOKER_ZONE = 'Asia/Tokyo';

/** "4:45 AM" in the zone, as the pages write a time (whitespace made plain: ICU may use U+202F). */
const clock = (iso: string, timeZone: string) =>
  plain(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
  );
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Chooses the booker's zone on a page with the zone picker. */
async function chooseZone(page: Page, zone: string, instructorZone?: string) {
  await page.getByLabel('Your time zone').selectOption(zone);
  await page
    .getByTestId('zone-summary')
    .filter({
      hasText: instructorZone ? `Times in ${zone} · instructor in ${instructorZone}` : `Times in ${zone}`,
    })
    .waitFor();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The instant as iCalendar writes it in UTC: 20270314T073000Z. */
function icsUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Clicks the first free time of the booking page, going to the next week until one is offered
 * (each week's slots are asked from the server; the answer is awaited before looking).
 */
async function pickFirstFreeTime(page: Page): Promise<string> {
  const slot = page.getByTestId('slot').first();
  const none = page.getByText('No free times this week — try the next week.');
  for (let week = 0; week < 8; week++) {
    await slot.or(none).first().waitFor();
    if (await slot.isVisible()) {
      const label = (await slot.innerText()).trim();
      await slot.click();
      await page.waitForURL((url) => url.searchParams.has('start'));
      await page.getByTestId('chosen-time').waitFor();
      return label;
    }
    await Promise.all([
      page.waitForResponse(
        (res) =>
          res.url().endsWith('/graphql') && (res.request().postData() ?? '').includes('InstructorSlots'),
      ),
      page.getByRole('button', { name: 'Next week' }).click(),
    ]);
  }
  throw new Error(`${INSTRUCTOR_NAME} offers no free time for "${LESSON}" in the next 8 weeks`);
}

describe('Instructor Connect journey (new member, instructor, admin)', () => {
  step(
    1,
    'a new member finds Ines on /connect, books and pays a private lesson; a second member is refused the same time',
    async () => {
      const page = await open();
      await register(page, client);

      // Find: search by name on /connect; the card shows her price and rating, and leads to the profile.
      await page.goto('/connect');
      await page.getByRole('heading', { name: 'Connect with an instructor', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Search instructors' }).fill(INSTRUCTOR_NAME);
      await page.getByRole('searchbox', { name: 'Search instructors' }).press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === INSTRUCTOR_NAME);
      const card = page.getByTestId('instructor-card').filter({ hasText: SHOWN_NAME });
      await card.waitFor();
      await page
        .getByTestId('instructor-count')
        .filter({ hasText: /^1 instructor$/ })
        .waitFor();
      // The lowest price of her active session types is the free consultation.
      await card
        .getByTestId('instructor-price')
        .filter({ hasText: /^Free$/ })
        .waitFor();
      await card
        .getByTestId('next-slot')
        .filter({ hasText: /^Next free: / })
        .waitFor();
      await shot(page, '01-connect-search');
      await card.getByRole('link', { name: SHOWN_NAME, exact: true }).click();
      await page.waitForURL(/\/instructors\/[^/]+$/);
      state.instructorId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);

      // The profile: about, the session types with their prices, the calendar.
      await page.getByRole('heading', { name: SHOWN_NAME, exact: true, level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Book a time' }).waitFor();
      await page.getByText('Teaches from America/New York').waitFor();
      await page.getByTestId('session-type').filter({ hasText: LESSON }).waitFor();
      // Its calendar has loaded this week's free times.
      const calendar = page.getByRole('region', { name: 'Book a time' });
      await calendar
        .getByTestId('slot')
        .first()
        .or(calendar.getByText('No free times this week — try the next week.'))
        .waitFor();
      await shot(page, '02-instructor-profile');
      await page.getByRole('link', { name: `Book ${LESSON} (${LESSON_PRICE})` }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/book') && url.searchParams.has('sessionType'));
      state.sessionTypeId = new URL(page.url()).searchParams.get('sessionType')!;
      await page.getByRole('heading', { name: `Book ${SHOWN_NAME}`, exact: true, level: 1 }).waitFor();

      // The member books from Tokyo: times in their zone, the instructor's under them.
      await chooseZone(page, BOOKER_ZONE, 'America/New_York');
      // Pick the first free time.
      const label = await pickFirstFreeTime(page);
      state.start = new URL(page.url()).searchParams.get('start')!;
      expect(Number.isNaN(Date.parse(state.start))).toBe(false);
      expect(plain(label)).toBe(clock(state.start, BOOKER_ZONE));
      const chosen = page.getByTestId('chosen-time');
      expect(plain(await chosen.innerText())).toContain(clock(state.start, BOOKER_ZONE));
      await chosen.getByText(new RegExp(`for ${SHOWN_NAME}$`)).waitFor();
      expect(plain(await chosen.innerText())).toContain(clock(state.start, 'America/New_York'));
      await page.getByLabel(`Note for ${SHOWN_NAME} (optional)`).fill(NOTE);
      await shot(page, '03-time-chosen');

      // A second member opens the same time (the profile calendar's link) before the first one books it.
      const rivalPage = await open();
      await register(rivalPage, rival);
      await rivalPage.goto(
        `/instructors/${encodeURIComponent(state.instructorId)}/book?sessionType=${encodeURIComponent(
          state.sessionTypeId,
        )}&start=${encodeURIComponent(state.start)}`,
      );
      await rivalPage.getByTestId('chosen-time').waitFor();
      const rivalChoice = rivalPage.locator('[data-testid="slot"][aria-pressed="true"]');
      await rivalChoice.waitFor();
      // The second member's page is in the browser's zone (UTC).
      const rivalLabel = (await rivalChoice.innerText()).trim();
      expect(plain(rivalLabel)).toBe(clock(state.start, 'UTC'));

      // The first member books: the time is held while they pay with the labelled test provider.
      await page.getByRole('button', { name: `Continue to payment (${LESSON_PRICE})` }).click();
      await page.getByTestId('hold-countdown').filter({ hasText: 'held for you' }).waitFor();
      const panel = page.getByTestId('test-payment-panel');
      await panel.getByRole('heading', { name: 'Test payment — no card is charged' }).waitFor();
      await shot(page, '04-payment-held');
      await panel.getByRole('button', { name: `Pay ${LESSON_PRICE}` }).click();
      const confirmation = page.locator('[data-testid="booking-confirmation"][data-status="confirmed"]');
      await confirmation.waitFor();
      await confirmation.getByRole('heading', { name: 'You’re booked!' }).waitFor();
      state.bookingId = new URL(page.url()).searchParams.get('booking')!;
      expect(state.bookingId).toMatch(/^[0-9a-f-]{36}$/);
      const orderLine = (await confirmation.getByText(/^Order \S+$/).innerText()).trim();
      state.orderNumber = orderLine.replace(/^Order /, '');
      await confirmation.getByRole('group', { name: 'Add to calendar' }).waitFor();
      await shot(page, '05-booking-confirmed');

      // The second member now confirms the time they had open: refused with the clear message, and
      // the refreshed list no longer offers that time.
      await rivalPage.getByRole('button', { name: `Continue to payment (${LESSON_PRICE})` }).click();
      await rivalPage.getByTestId('slot-taken').filter({ hasText: TAKEN }).waitFor();
      await expect
        .poll(
          () =>
            rivalPage
              .getByTestId('slot')
              .filter({ hasText: new RegExp(`^${escapeRegExp(rivalLabel)}$`) })
              .count(),
          {
            timeout: 10_000,
          },
        )
        .toBe(0);
      await rivalPage.locator('[data-testid="slot"][aria-pressed="true"]').waitFor({ state: 'detached' });
      await shot(rivalPage, '06-second-member-refused');
      // Nothing was booked (or held) for them.
      await rivalPage.goto('/my-bookings');
      await rivalPage.getByText('No upcoming bookings').waitFor();
    },
    180_000,
  );

  step(2, 'the member sees the booking confirmed in /my-bookings and downloads its .ics', async () => {
    expect(state.bookingId, 'the booking of the first step').toBeTruthy();
    const page = await asMember();
    await page.goto('/my-bookings');
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    const row = page.locator(`[data-testid="booking"][data-booking-id="${state.bookingId}"]`);
    await row.getByTestId('booking-status').filter({ hasText: 'Confirmed' }).waitFor();
    await row.getByRole('heading', { name: LESSON }).waitFor();
    await row.getByRole('link', { name: SHOWN_NAME, exact: true }).waitFor();
    await row.getByText(`Order ${state.orderNumber}`).waitFor();
    await row.getByTestId('cancellation-terms').waitFor();
    // In the member's zone (chosen again: a new browser context), with the instructor's time too.
    await chooseZone(page, BOOKER_ZONE);
    await expect
      .poll(async () => plain(await row.getByTestId('booking-time').innerText()))
      .toContain(clock(state.start!, BOOKER_ZONE));
    const forInstructor = row.getByText(/for the instructor$/);
    expect(plain(await forInstructor.innerText())).toContain(clock(state.start!, 'America/New_York'));
    await shot(page, '07-my-bookings');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'Download .ics' }).click(),
    ]);
    expect(await download.failure()).toBeNull();
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = fs.readFileSync((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    const dtstart = /^DTSTART[^:\r\n]*:(\S+)\r?$/m.exec(ics)?.[1];
    expect(dtstart, ics).toBe(icsUtc(state.start!));
    const dtend = /^DTEND[^:\r\n]*:(\S+)\r?$/m.exec(ics)?.[1];
    expect(dtend, ics).toBe(icsUtc(new Date(Date.parse(state.start!) + 60 * 60_000).toISOString()));
  });

  step(
    3,
    'the instructor sees it in /instructor/bookings and marks it completed once its time has passed',
    async () => {
      expect(state.bookingId, 'the booking of the first step').toBeTruthy();
      const page = await open();
      await signInByApi(page, 'instructor');
      await page.goto('/instructor/bookings');
      await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
      let card = page.getByTestId('booking-card').filter({ hasText: `@${client.username}` });
      await card.waitFor();
      await card.getByText('Confirmed', { exact: true }).waitFor();
      await card.getByText(LESSON).waitFor();
      await card.getByText(`“${NOTE}”`).waitFor();
      await card.getByText(`Order ${state.orderNumber}`).waitFor();
      // Her own zone first, the client's (Tokyo) under it.
      expect(plain(await card.innerText())).toContain(clock(state.start!, 'America/New_York'));
      const clientTime = card.getByText(/^Client’s time:/);
      expect(plain(await clientTime.innerText())).toContain(`${clock(state.start!, BOOKER_ZONE)}`);
      expect(plain(await clientTime.innerText())).toMatch(/\(Asia\/Tokyo\)$/);
      // Before the start there is nothing to mark.
      expect(await card.getByRole('button', { name: 'Mark completed' }).count()).toBe(0);
      await shot(page, '08-instructor-bookings-upcoming');

      // The lesson takes place: a browser cannot wait for it, so the test moves the booking into the
      // past in the app's database — starts_at, ends_at and the blocked range (start − buffer, end +
      // buffer) shifted back by whole days, at least two, so it ended two days ago or earlier.
      const db = await appDatabase();
      try {
        const moved = await db.query(
          `update bookings
            set starts_at = starts_at - shift, ends_at = ends_at - shift,
                blocked = tstzrange(lower(blocked) - shift, upper(blocked) - shift)
           from (select interval '1 day' * greatest(2, 1 + ceil(extract(epoch from (ends_at - now())) / 86400)) as shift
                   from bookings where id = $1) s
          where id = $1
          returning ends_at`,
          [state.bookingId],
        );
        expect(moved.rowCount).toBe(1);
        expect((moved.rows[0] as { ends_at: Date }).ends_at.getTime()).toBeLessThan(Date.now());
      } finally {
        await db.end();
      }

      await page.getByRole('tab', { name: 'Past' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'past');
      card = page.getByTestId('booking-card').filter({ hasText: `@${client.username}` });
      await card.getByText('Confirmed', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Mark completed' }).click();
      await page.getByText('Marked completed').first().waitFor();
      await card.getByText('Completed', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Mark completed' }).count()).toBe(0);
      await shot(page, '09-instructor-marked-completed');
    },
  );

  step(4, 'the member reviews the completed lesson and the review shows on the public profile', async () => {
    expect(state.bookingId, 'the booking of the first step').toBeTruthy();
    const page = await asMember();
    await page.goto('/my-bookings?tab=past');
    const row = page.locator(`[data-testid="booking"][data-booking-id="${state.bookingId}"]`);
    await row.getByTestId('booking-status').filter({ hasText: 'Completed' }).waitFor();
    await row.getByRole('button', { name: 'Leave a review' }).click();
    const dialog = page.getByRole('dialog', { name: `Review ${SHOWN_NAME}` });
    await dialog.waitFor();
    // No rating yet: nothing to post.
    await expect.poll(() => dialog.getByRole('button', { name: 'Post review' }).isDisabled()).toBe(true);
    await dialog.getByText('4 stars', { exact: true }).click();
    await dialog.getByLabel('Comment (optional)').fill(REVIEW);
    await shot(page, '10-review-dialog');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Thank you for your review').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // One review per booking: the button is gone.
    await expect.poll(() => row.getByRole('button', { name: 'Leave a review' }).count()).toBe(0);

    // Anyone sees it on the profile, with the member's name and the rating.
    const visitor = await open();
    await visitor.goto(`/instructors/${encodeURIComponent(state.instructorId!)}`);
    const review = visitor.getByTestId('review').filter({ hasText: REVIEW });
    await review.waitFor();
    await review.getByText(client.firstName, { exact: true }).waitFor();
    await review.getByRole('img', { name: 'Rated 4.0 out of 5' }).waitFor();
    await visitor
      .getByRole('img', { name: /^Rated \d\.\d out of 5 \([1-9]\d*\)$/ })
      .first()
      .waitFor();
    await shot(visitor, '11-profile-with-review');
  });

  /** An admin's page, signed in. */
  async function asAdmin(): Promise<Page> {
    const page = await open();
    await signInByApi(page, 'admin');
    return page;
  }

  step(5, 'an admin finds the booking on /admin/bookings by the client', async () => {
    expect(state.orderNumber, 'the order of the first step').toBeTruthy();
    const page = await asAdmin();

    // /admin/bookings, searched by the client's username.
    await page.goto('/admin/bookings');
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    await page.getByLabel('Search').fill(client.username);
    await page
      .getByTestId('admin-booking-count')
      .filter({ hasText: /^1 booking$/ })
      .waitFor();
    const row = page.getByTestId('admin-booking-row').filter({ hasText: `@${client.username}` });
    await row.getByText(LESSON).waitFor();
    await row.getByRole('link', { name: `with ${SHOWN_NAME}` }).waitFor();
    await row.getByText('Completed', { exact: true }).waitFor();
    await row.getByText('$60.00').waitFor();
    // A completed lesson cannot be cancelled any more.
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await row.getByRole('link', { name: state.orderNumber! }).getAttribute('href')).toMatch(
      /^\/admin\/orders\/[0-9a-f-]{36}$/,
    );
    await shot(page, '12-admin-bookings');
  });

  step(
    6,
    'an admin finds its order on /admin/orders, the confirmation mail in the outbox, and the lesson on the order',
    async () => {
      expect(state.orderNumber, 'the order of the first step').toBeTruthy();
      const page = await asAdmin();

      // /admin/orders, searched by the buyer's username: the same order, paid.
      await page.goto('/admin/orders');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByLabel('Search').fill(client.username);
      await page
        .getByTestId('order-count')
        .filter({ hasText: /^1 order$/ })
        .waitFor();
      const order = page.getByTestId('admin-order-row').filter({ hasText: state.orderNumber! });
      await order.getByText('$60.00').waitFor();
      await order.getByTestId('order-status').filter({ hasText: 'Paid' }).waitFor();
      const orderHref = await order.getByRole('link', { name: state.orderNumber! }).getAttribute('href');
      expect(orderHref).toMatch(/^\/admin\/orders\/[0-9a-f-]{36}$/);
      await shot(page, '13-admin-orders');

      // The member's confirmation mail with its calendar invitation is in the admin outbox (no SMTP here).
      await page.goto('/admin/outbox');
      await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
      await page.getByLabel('Search').fill(`${client.username}@example.com`);
      const subject = `Booking confirmed: ${LESSON} with ${SHOWN_NAME}`;
      const mail = page.getByRole('row').filter({ hasText: subject });
      await mail.getByText(/\.ics/).waitFor();
      await mail.getByRole('button', { name: subject }).click();
      const mailDialog = page.getByRole('dialog', { name: subject });
      await mailDialog.getByRole('link', { name: /\.ics$/ }).waitFor();
      await shot(page, '13b-admin-outbox-confirmation');
      await page.keyboard.press('Escape');
      await mailDialog.waitFor({ state: 'detached' });

      // The order's page: the buyer, the paid status and the booked lesson as its line.
      await page.goto(orderHref!);
      await page.getByRole('heading', { name: `Order ${state.orderNumber}`, level: 1 }).waitFor();
      await page.getByText(`@${client.username}`).first().waitFor();
      await page.getByTestId('order-status').filter({ hasText: 'Paid' }).first().waitFor();
      const line = page.getByTestId('order-line').filter({ hasText: LESSON });
      await line.waitFor();
      await shot(page, '14-admin-order');
      // A booked lesson is not a resource: no "Resource · 1 licence" kind, and its title does not
      // lead to the curriculum store (/curriculum/<booking id> is no page).
      const kind = (await line.getByTestId('order-line-kind').innerText()).trim();
      expect(kind, 'the kind shown for a booking line on the order page').not.toMatch(/Resource|licence/);
      const lineHref = await line
        .getByRole('link', { name: new RegExp(`^${escapeRegExp(LESSON)}`) })
        .getAttribute('href');
      expect(lineHref, "where the booking line's title leads").not.toMatch(/^\/curriculum\//);
    },
  );
});
