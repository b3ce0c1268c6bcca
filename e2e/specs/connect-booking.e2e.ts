import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appDatabase } from '../support/app-database';
import { DEMO_PASSWORD, signInByApi, useBrowser } from '../support/browser';
import { gql } from '../support/graphql';

const b = useBrowser();

interface Found {
  instructorId: string;
  displayName: string;
  sessionTypeId: string;
  title: string;
  priceCents: number;
}

/** The demo instructor (America/New_York) and a paid private lesson of theirs, from the public graph. */
async function demoPrivateLesson(page: Page): Promise<Found> {
  const { instructors } = await gql<{
    instructors: { nodes: { id: string; displayName: string; timeZone: string }[] };
  }>(
    page,
    'query ($s: String) { instructors(first: 10, search: $s) { nodes { id displayName timeZone } } }',
    {
      s: 'Ines',
    },
  );
  const instructor = instructors.nodes.find((n) => n.timeZone === 'America/New_York') ?? instructors.nodes[0];
  if (!instructor) throw new Error('The demo instructor is not listed on /connect');
  const { instructor: profile } = await gql<{
    instructor: { sessionTypes: { id: string; kind: string; title: string; priceCents: number }[] };
  }>(page, 'query ($id: ID!) { instructor(id: $id) { sessionTypes { id kind title priceCents } } }', {
    id: instructor.id,
  });
  const lesson = profile.sessionTypes.find((t) => t.kind === 'PRIVATE' && t.priceCents > 0);
  if (!lesson) throw new Error('The demo instructor has no paid private lesson');
  return {
    instructorId: instructor.id,
    displayName: instructor.displayName,
    sessionTypeId: lesson.id,
    title: lesson.title,
    priceCents: lesson.priceCents,
  };
}

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);

describe('Connect: find, book, pay, review', () => {
  it('a member finds the demo instructor, books and pays a private lesson, gets the .ics, and reviews it after the session', async () => {
    const page = await b.page();
    await signInByApi(page, 'member');
    const found = await demoPrivateLesson(page);

    // Find: /connect with a search in the URL, the card leads to the profile.
    await page.goto('/connect');
    await page.getByRole('searchbox', { name: 'Search instructors' }).fill(found.displayName);
    await page.waitForURL((url) => url.searchParams.get('q') === found.displayName);
    const card = page.getByTestId('instructor-card').filter({ hasText: found.displayName });
    await card.getByRole('link', { name: found.displayName }).click();
    await page.getByRole('heading', { name: found.displayName, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Book a time' }).waitFor();

    // Book: the session type preselected from ?sessionType=, the first free time.
    await page.goto(`/instructors/${found.instructorId}/book?sessionType=${found.sessionTypeId}`);
    await page.getByRole('heading', { name: `Book ${found.displayName}` }).waitFor();
    const slots = page.getByTestId('slot');
    for (
      let week = 0;
      week < 6 &&
      !(await slots
        .first()
        .isVisible()
        .catch(() => false));
      week++
    ) {
      await page.waitForTimeout(500);
      if (
        await slots
          .first()
          .isVisible()
          .catch(() => false)
      )
        break;
      await page.getByRole('button', { name: 'Next week' }).click();
    }
    await slots.first().click();
    await page.getByTestId('chosen-time').waitFor();
    await page.getByLabel(/Note for/).fill('Turns and spotting, please.');
    await page.getByRole('button', { name: `Continue to payment (${dollars(found.priceCents)})` }).click();

    // Pay with the test provider while the hold counts down; land on the booking's confirmation.
    await page.getByTestId('hold-countdown').filter({ hasText: 'held for you' }).waitFor();
    await page.getByTestId('test-payment-panel').getByRole('button', { name: /^Pay / }).click();
    await page.locator('[data-testid="booking-confirmation"][data-status="confirmed"]').waitFor();
    const bookingId = new URL(page.url()).searchParams.get('booking');
    expect(bookingId).toBeTruthy();

    // /my-bookings lists it, with the calendar file.
    await page.goto('/my-bookings');
    const row = page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"]`);
    await row.getByTestId('booking-status').filter({ hasText: 'Confirmed' }).waitFor();
    const ics = await row.getByRole('link', { name: /Download \.ics/ }).getAttribute('href');
    expect(ics).toBeTruthy();
    const icsRes = await page.request.get(ics!);
    expect(icsRes.ok()).toBe(true);
    expect(await icsRes.text()).toContain('BEGIN:VCALENDAR');

    // The session takes place: its time passes, and the instructor marks it completed.
    const db = await appDatabase();
    try {
      // Whole milliseconds (the columns' precision), so the blocked range still covers the times.
      const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * 3_600_000);
      const end = new Date(start.getTime() + 3_600_000);
      await db.query(
        `update bookings set starts_at = $2, ends_at = $3, blocked = tstzrange($2, $3) where id = $1`,
        [bookingId, start, end],
      );
    } finally {
      await db.end();
    }
    const instructorPage = await b.page();
    const login = await instructorPage.request.post('/api/login', {
      data: { username: 'instructor', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const { bookingComplete } = await gql<{ bookingComplete: { userErrors: { message: string }[] } }>(
      instructorPage,
      'mutation ($input: BookingIdInput!) { bookingComplete(input: $input) { userErrors { message } } }',
      { input: { bookingId } },
    );
    expect(bookingComplete.userErrors).toEqual([]);

    // The member reviews it; the review shows on the profile.
    await page.goto('/my-bookings?tab=past');
    const past = page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"]`);
    await past.getByRole('button', { name: 'Leave a review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('5 stars').click();
    const comment = `Clear, patient teaching ${Date.now().toString(36)}`;
    await dialog.getByLabel('Comment (optional)').fill(comment);
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Thank you for your review').first().waitFor();
    await page.goto(`/instructors/${found.instructorId}`);
    await page.getByTestId('review').filter({ hasText: comment }).waitFor();
  });
});
