import { describe, expect, it } from 'vitest';
import { pathOf, signInByApi, useBrowser } from '../support/browser';

const b = useBrowser();

describe('course catalogue', () => {
  it('lets a guest filter by dance style, search, and open a course with its syllabus', async () => {
    const page = await b.page();
    await page.goto('/courses');
    await page.getByTestId('course-card').first().waitFor();
    expect(await page.getByTestId('course-card').count()).toBe(6);

    // filter by dance style: the URL keeps it and only that style's course shows
    await page.getByLabel('Dance style').selectOption({ label: 'Ballet' });
    await page.waitForURL(/style=/);
    await page.getByTestId('course-count').getByText('1 course').waitFor();
    expect(await page.getByTestId('course-card').allInnerTexts()).toEqual([
      expect.stringContaining('Teaching Classical Ballet: Grades 1–3'),
    ]);
    // the filter survives a reload
    await page.reload();
    await page.getByTestId('course-count').getByText('1 course').waitFor();
    expect(await page.getByLabel('Dance style').inputValue()).not.toBe('');

    // search (with the style filter cleared)
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search courses').fill('injury prevention');
    await page.waitForURL(/q=injury/);
    await page.getByTestId('course-count').getByText('1 course').waitFor();
    await page.getByRole('link', { name: 'Safe Dance Practice and Injury Prevention' }).click();

    // the course page: details, syllabus titles, no lesson content
    await page.waitForURL('**/courses/safe-dance-practice-and-injury-prevention');
    await page
      .getByRole('heading', { level: 1, name: 'Safe Dance Practice and Injury Prevention' })
      .waitFor();
    await page.getByRole('heading', { name: 'Syllabus' }).waitFor();
    const syllabus = page.locator('section[aria-labelledby="syllabus-heading"]');
    await syllabus.getByText('Module 1:').first().waitFor();
    expect(await syllabus.getByRole('button').count()).toBeGreaterThan(0);
    expect(await page.getByText('Taught by').count()).toBe(1);
    expect(await page.getByText('$129.00').count()).toBeGreaterThan(0);

    // an unknown course says so
    await page.goto('/courses/no-such-course');
    await page.getByText('Course not found').waitFor();
  });

  it('lets the demo instructor create, fill and publish a course that a guest then finds', async () => {
    const title = `E2E Bachata Footwork ${Date.now().toString(36)}`;
    const page = await b.page();
    await signInByApi(page, 'instructor');
    await page.goto('/instructor/courses');
    await page.getByRole('link', { name: 'Create a course' }).first().click();
    await page.waitForURL('**/instructor/courses/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Summary').fill('Footwork drills for social bachata.');
    await page.getByLabel('Price (USD)').fill('19.99');
    await page.getByLabel('Dance style').selectOption({ label: 'Latin' });
    await page.getByLabel('Skill level').selectOption('Beginner');
    await page.getByRole('button', { name: 'Create course' }).click();
    await page.waitForURL(/\/instructor\/courses\/[0-9a-f-]{36}$/);
    await page.getByTestId('course-status').getByText('Draft').waitFor();

    // publishing an empty course is refused with the server's reason
    await page.getByRole('button', { name: 'Publish course' }).click();
    await page
      .getByTestId('publish-error')
      .getByText('at least one module with at least one lesson')
      .waitFor();

    // a module and a lesson
    await page.getByLabel('New module title').fill('Basic steps');
    await page.getByRole('button', { name: 'Add module' }).click();
    await page.getByTestId('module-card').waitFor();
    await page.getByLabel('New lesson title').fill('Side basic');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await page.getByTestId('lesson-item').getByText('Side basic').waitFor();
    // its video link is converted to an embed link when saved
    await page.getByTestId('lesson-item').getByRole('button', { name: '1. Side basic' }).click();
    await page.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByLabel('Duration (minutes)').fill('7');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await page.getByText('Lesson saved').first().waitFor();
    await expect
      .poll(() => page.getByLabel('Video URL').inputValue())
      .toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');

    // publish
    await page.getByRole('button', { name: 'Publish course' }).click();
    await page.getByTestId('course-status').getByText('Published').waitFor();

    // a guest finds it in the catalogue and sees its syllabus
    const guest = await b.page();
    await guest.goto(`/courses?q=${encodeURIComponent('bachata footwork')}`);
    await guest.getByRole('link', { name: title }).click();
    await guest.getByRole('heading', { level: 1, name: title }).waitFor();
    await guest.getByText('Module 1: Basic steps').waitFor();
    await guest.getByText('Side basic').waitFor();
    expect(pathOf(guest)).toMatch(/^\/courses\/e2e-bachata-footwork-/);
  });
});
