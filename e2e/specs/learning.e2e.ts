import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, useBrowser } from '../support/browser';
import { pdfText } from '../support/pdf-text';
import { gql } from '../support/graphql';

const b = useBrowser();

const FREE_COURSE = 'Foundations of Teaching Dance';
const PAID_COURSE = 'Teaching Classical Ballet: Grades 1–3';

/**
 * Signs a new member up through the API in the page's browser context (the session cookie is
 * shared), so this spec never depends on what other specs did with the demo member.
 */
async function newMember(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}_${Date.now().toString(36)}`;
  const res = await page.request.post('/api/register', {
    data: { username, password: 'learning-e2e-pw', firstName: 'Lena' },
  });
  expect(res.status()).toBe(201);
  return username;
}

async function courseIdOf(page: Page, title: string): Promise<string> {
  const data = await gql<{ courses: { nodes: { id: string; title: string }[] } }>(
    page,
    `{ courses(first: 50) { nodes { id title } } }`,
  );
  const course = data.courses.nodes.find((c) => c.title === title);
  expect(course, `${title} is in the catalogue`).toBeDefined();
  return course!.id;
}

describe('learning', () => {
  it('a member enrols in the free course, completes it, downloads the certificate PDF, and anyone can verify it', async () => {
    const page = await b.page();
    await newMember(page, 'learner');
    const courseId = await courseIdOf(page, FREE_COURSE);

    // Enroll on the course page
    await page.goto(`/courses/${courseId}`);
    await page.getByRole('button', { name: 'Enroll for free' }).click();
    await page.getByText('Enrolled', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Start learning' }).click();

    // Every lesson, in order, across both modules
    for (const title of ['The shape of a great class', 'Warm-ups that work', 'Giving feedback']) {
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: 'Mark complete' }).click();
      await page.getByText('You completed this lesson').waitFor();
      await page
        .getByRole('navigation', { name: 'Lesson navigation' })
        .getByRole('link', { name: /^Next/ })
        .click();
    }

    // The quiz, answered wrongly first: the result marks the wrong answers but does not give away
    // the right ones (the quiz shows them after passing)
    await page.getByRole('heading', { level: 1, name: 'Foundations check' }).waitFor();
    expect(pathOf(page)).toMatch(/\/courses\/[^/]+\/modules\/[^/]+\/quizzes\/[^/]+$/);
    await page.getByText('Stretch, jump, rest', { exact: true }).click();
    await page.getByText('Vague', { exact: true }).click();
    await page.getByText('True', { exact: true }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByRole('heading', { name: /Not passed — 0%/ }).waitFor();
    const result = page.getByTestId('quiz-result');
    await result.getByText('The correct answers are shown once you pass this quiz.').waitFor();
    expect(await result.getByText('Incorrect', { exact: true }).count()).toBe(3);
    expect(await result.getByText(/Correct answer/).count()).toBe(0);
    expect(await result.getByText('Your answer · Wrong').count()).toBe(2);
    await page.getByRole('button', { name: 'Try again' }).click();

    // then correctly (the demo answers in api/src/db/seeders/demo-courses.data.ts)
    await page.getByText('0 of 3 answered').waitFor();
    await page.getByText('Warm-up, development, cool-down', { exact: true }).click();
    for (const option of ['Specific', 'Timely', 'Kind']) {
      await page.getByText(option, { exact: true }).click();
    }
    await page.getByText('False', { exact: true }).click();
    await page.getByText('3 of 3 answered').waitFor();
    await page.getByRole('button', { name: 'Submit answers' }).click();

    await page.getByRole('heading', { name: 'Course complete!' }).waitFor();
    await page.getByRole('heading', { name: /Passed — 100%/ }).waitFor();
    // passed: now the correct answers are shown
    expect(
      await page
        .getByTestId('quiz-result')
        .getByText(/Correct answer/)
        .count(),
    ).toBe(5);
    const certificateLink = page.getByRole('link', { name: 'View your certificate' });
    const certificateHref = (await certificateLink.getAttribute('href')) ?? '';
    expect(certificateHref).toMatch(/^\/certificates\/[0-9a-f-]{36}$/);

    // My Courses shows the course as completed
    await page.goto('/my-courses');
    const card = page.getByTestId('my-course').filter({ hasText: FREE_COURSE });
    await card.getByText('Completed', { exact: true }).waitFor();
    await card.getByText('100%').waitFor();

    // The certificate: its page, then the PDF, which names the member and the course
    const certificateId = certificateHref.split('/').pop()!;
    await page.goto(`/certificates/${certificateId}`);
    await page.getByText(FREE_COURSE).first().waitFor();
    const pdf = await page.request.get(`/api/certificates/${certificateId}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Lena');
    expect(text).toContain(FREE_COURSE);
    const { certificate } = await gql<{ certificate: { number: string } }>(
      page,
      `query($id: ID!) { certificate(id: $id) { number } }`,
      { id: certificateId },
    );
    expect(text).toContain(`/verify/${certificate.number}`);

    // A signed-out visitor verifies it
    const visitor = await b.page();
    await visitor.goto(`/verify/${certificate.number}`);
    await visitor.getByRole('heading', { name: 'Valid certificate' }).waitFor();
    await visitor.getByText(FREE_COURSE).first().waitFor();
  });

  it('a member who is not enrolled sees the not-enrolled page for a lesson, with the way to enroll', async () => {
    const page = await b.page();
    await newMember(page, 'visitor');
    const courseId = await courseIdOf(page, PAID_COURSE);
    const data = await gql<{ course: { modules: { id: string; lessons: { id: string }[] }[] } }>(
      page,
      `query($id: ID!) { course(id: $id) { modules { id lessons { id } } } }`,
      { id: courseId },
    );
    const module = data.course.modules[0];

    await page.goto(`/courses/${courseId}/modules/${module.id}/lessons/${module.lessons[0].id}`);
    await page.getByRole('heading', { name: 'You are not enrolled in this course' }).waitFor();
    // the lesson's text never reached the page
    expect(await page.getByText('Stack the joints').count()).toBe(0);
    const toCourse = page.getByRole('link', { name: 'Go to the course page' });
    expect(await toCourse.getAttribute('href')).toBe(`/courses/${courseId}`);
    await toCourse.click();
    await page.waitForURL(`**/courses/${courseId}`);
  });
});
