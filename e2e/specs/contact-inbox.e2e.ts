import { expect, describe, it } from 'vitest';
import { appDatabase } from '../support/app-database';
import { useBrowser, waitForQuietNetwork, signInByApi } from '../support/browser';

const b = useBrowser();

/**
 * The contact form and the staff inbox: a guest writes to DRX from /contact; an admin finds the
 * message in /admin/messages, answers it, sees the reply in the thread and the mail in the outbox.
 * (Every browser here comes from 127.0.0.1: the form allows 5 messages an hour from one address.)
 */
describe('contact form → admin inbox', () => {
  it('a guest sends the contact form and an admin answers it', async () => {
    const tag = Date.now().toString(36);
    const subject = `Group lessons ${tag}`;
    const email = `gia.${tag}@example.com`;
    const reply = `Yes — Lena teaches groups of up to 12 children (${tag}).`;

    // A guest: empty fields are named before anything is sent, then the message goes.
    const guest = await b.page();
    await guest.goto('/contact');
    await guest.getByRole('heading', { name: 'Contact', level: 1 }).waitFor();
    await guest.getByRole('button', { name: 'Send message' }).click();
    await guest.getByText('Your name is required.').waitFor();
    await guest.getByText('Your message is required.').waitFor();
    await guest.getByRole('textbox', { name: 'Name' }).fill('Gia Guest');
    await guest.getByRole('textbox', { name: 'Email' }).fill('gia-at-example');
    await guest.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await guest
      .getByRole('textbox', { name: 'Message' })
      .fill('Hello!\nDo you offer group lessons for ten children?');
    await guest.getByRole('button', { name: 'Send message' }).click();
    await guest.getByText('Enter a valid email address, like name@example.com.').waitFor();
    await guest.getByRole('textbox', { name: 'Email' }).fill(email);
    await guest.getByRole('button', { name: 'Send message' }).click();
    await guest.getByText('Thank you, your message was sent').waitFor();
    await guest.getByText(`We will answer at ${email}`).waitFor();

    // An admin finds it in the inbox and opens it.
    const admin = await b.page();
    await signInByApi(admin, 'admin');
    await admin.goto('/admin/messages');
    await admin.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await admin.getByLabel('Search').fill(tag);
    const link = admin.getByRole('link', { name: new RegExp(subject) });
    await link.click();
    const detail = admin.getByRole('region', { name: 'Selected message' });
    await detail.getByRole('heading', { name: subject }).waitFor();
    const thread = detail.getByRole('list', { name: 'Thread' });
    await thread.getByText('Gia Guest wrote').waitFor();
    await thread.getByText('Do you offer group lessons for ten children?').waitFor();

    // The reply is mailed and appears in the thread; the item is answered.
    await detail.getByLabel('Reply').fill(reply);
    await detail.getByRole('button', { name: 'Send reply' }).click();
    await admin.getByText('Reply sent').waitFor();
    const replied = thread.locator('[data-thread-entry="reply"]');
    await replied.getByText(reply).waitFor();
    await replied.getByText('Ada replied by mail').waitFor();
    const status = detail.getByLabel('Status');
    await expect.poll(() => status.inputValue()).toBe('ANSWERED');
    await link.getByText('Answered').waitFor();

    // The status changes only with its Save button: choosing another one saves nothing yet.
    const saveStatus = detail.getByRole('button', { name: 'Save status' });
    expect(await saveStatus.isDisabled()).toBe(true);
    await status.selectOption('ARCHIVED');
    expect(await saveStatus.isEnabled()).toBe(true);
    await waitForQuietNetwork(admin);
    const db = await appDatabase();
    const statusOf = async () =>
      (await db.query(`select "status" from "inbox_items" where "email" = $1`, [email])).rows[0]?.status;
    try {
      expect(await statusOf()).toBe('answered');
      await saveStatus.click();
      await admin.getByText('Marked archived').waitFor();
      await link.getByText('Archived').waitFor();
      expect(await statusOf()).toBe('archived');
      await expect.poll(() => saveStatus.isDisabled()).toBe(true);
      expect(await status.inputValue()).toBe('ARCHIVED');
    } finally {
      await db.end();
    }

    // The outbox has the mail to the guest's address, with the reply and the original quoted.
    await replied.getByRole('link', { name: 'See the mail in the outbox' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Re: ${subject}`).waitFor();
    await dialog.getByText(email).waitFor();
    const text = await dialog.locator('pre').innerText();
    expect(text).toContain(reply);
    expect(text).toContain('> Do you offer group lessons for ten children?');

    // And the database agrees: one outbox row to the guest, one reply entry pointing at it.
    const check = await appDatabase();
    try {
      const { rows } = await check.query(
        `select o."to", o."subject", i."status" from "inbox_items" i
           join "inbox_entries" e on e."item_id" = i."id" and e."kind" = 'reply'
           join "mail_outbox" o on o."id" = e."mail_id"
          where i."email" = $1`,
        [email],
      );
      expect(rows).toEqual([{ to: email, subject: `Re: ${subject}`, status: 'archived' }]);
    } finally {
      await check.end();
    }
  });
});
