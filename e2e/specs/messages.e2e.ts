import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, signInByApi, useBrowser } from '../support/browser';
import { gql } from '../support/graphql';

const b = useBrowser();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Live events arrive well within this; the fallback polling (5 s thread, 15 s inbox) would not. */
const LIVE_MS = 4_000;

async function signedIn(username: string): Promise<Page> {
  const page = await b.page();
  await signInByApi(page, username);
  return page;
}

describe('Messages', () => {
  it('a member messages the demo instructor from the profile; the instructor sees it live and replies; the member sees "Seen" and the reply', async () => {
    const stamp = Date.now().toString(36);
    const subject = `Beginner salsa ${stamp}`;
    const question = `Hello! Do you teach complete beginners?\nMy notes: https://example.com/notes-${stamp}`;
    const reply = `Yes, beginners are welcome (${stamp}).`;

    const member = await signedIn('member');
    const instructor = await signedIn('instructor');

    // The instructor has the inbox open (with the header's unread badge) before anything is sent.
    await instructor.goto('/messages');
    await instructor.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await instructor.getByRole('searchbox', { name: 'Search conversations' }).waitFor();

    // The member finds "Message Ines" on the instructor's profile.
    const { instructors } = await gql<{ instructors: { nodes: { id: string; displayName: string }[] } }>(
      member,
      'query ($s: String) { instructors(first: 5, search: $s) { nodes { id displayName } } }',
      { s: 'Ines' },
    );
    const ines = instructors.nodes[0];
    expect(ines, 'the demo instructor is listed').toBeTruthy();
    await member.goto(`/instructors/${ines.id}`);
    await member.getByRole('button', { name: `Message ${ines.displayName}` }).click();
    const dialog = member.getByRole('dialog', { name: `Message ${ines.displayName}` });
    await dialog.getByLabel('Subject').fill(subject);

    // A wrong input: sending without a message is refused in the form, nothing is sent.
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Write a message first.').waitFor();
    expect(pathOf(member)).toBe(`/instructors/${ines.id}`);

    await dialog.getByRole('textbox', { name: 'Message' }).fill(question);
    // Attachments: a text file is refused before it is sent; a picture is uploaded and attached.
    const files = dialog.getByTestId('attachment-input');
    await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog
      .getByText('"notes.txt" cannot be attached: send images (JPEG, PNG, GIF, WebP) or PDF files.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Remove notes.txt' }).click();
    await files.setInputFiles({ name: `step-${stamp}.png`, mimeType: 'image/png', buffer: PNG });
    await dialog
      .getByTestId('attachment-item')
      .filter({ hasText: `step-${stamp}.png` })
      .waitFor();
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await member.waitForURL(/\/messages\/[^/]+$/);
    const conversationId = pathOf(member).split('/').pop()!;
    const memberThread = member.getByTestId('thread');
    await memberThread.getByText('Hello! Do you teach complete beginners?').waitFor();
    // The link in the message is a real link (and the text around it stays text).
    const link = memberThread.getByRole('link', { name: `https://example.com/notes-${stamp}` });
    expect(await link.getAttribute('href')).toBe(`https://example.com/notes-${stamp}`);
    expect(await link.getAttribute('rel')).toContain('noopener');

    // The instructor sees the new conversation appear and the header badge count it, without reloading.
    const row = instructor.getByTestId('conversation-row').filter({ hasText: subject });
    await row.waitFor({ timeout: LIVE_MS });
    await instructor.getByRole('link', { name: /^Messages, [1-9]\d* unread$/ }).waitFor({ timeout: LIVE_MS });
    await row.getByRole('link').click();
    await instructor.waitForURL(`**/messages/${conversationId}`);
    await instructor.getByTestId('thread').getByText('Hello! Do you teach complete beginners?').waitFor();
    // The picture shows as a thumbnail that the participant can load.
    const picture = instructor.getByTestId('thread').getByRole('img', { name: `step-${stamp}.png` });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);

    // Opening it marks it read: the member's message shows "Seen" on the member's side, live.
    const memberSeen = memberThread.getByTestId('seen');
    await memberSeen.waitFor({ timeout: LIVE_MS });

    // The instructor replies with Ctrl+Enter.
    const box = instructor.getByRole('textbox', { name: 'Message' });
    await box.fill(reply);
    await box.press('Control+Enter');
    await instructor.getByTestId('thread').getByText(reply).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    // The member sees the reply without reloading, and still "Seen" under their message.
    await memberThread.getByText(reply).waitFor({ timeout: LIVE_MS });
    const myMessages = memberThread.getByTestId('my-messages');
    await myMessages.getByTestId('seen').waitFor();

    // The graph agrees: one conversation with both messages, the member's seen.
    const { conversation } = await gql<{
      conversation: {
        subject: string;
        messages: { nodes: { body: string; mine: boolean; seenAt: string | null }[] };
      };
    }>(
      member,
      'query ($id: ID!) { conversation(id: $id) { subject messages { nodes { body mine seenAt } } } }',
      {
        id: conversationId,
      },
    );
    expect(conversation.subject).toBe(subject);
    expect(conversation.messages.nodes.map((m) => m.body)).toEqual([question, reply]);
    expect(conversation.messages.nodes[0]).toMatchObject({ mine: true });
    expect(conversation.messages.nodes[0].seenAt).not.toBeNull();
  });
});
