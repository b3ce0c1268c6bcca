import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../jobs';
import { startTestApp, type TestApp } from '../../test/test-app';
import { type Agent, CONVERSATION_QUERY, json, kit, MARK_READ } from './messaging-fixtures.test';
import { sendUnreadMail, UNREAD_MAIL_JOB } from './messaging-mail';

let t: TestApp;
const { db, ok, login, newUser, start, send } = kit(() => t);
let instructor: { agent: Agent; id: string };
let admin: { agent: Agent; id: string };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(32, 1)]);

beforeAll(async () => {
  t = await startTestApp();
  instructor = await login('instructor');
  admin = await login('admin');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Moves a conversation's messages, read marks and mail marks `minutes` into the past (as if time went by). */
async function age(conversationId: string, minutes: number): Promise<void> {
  await db().execute(
    `update messages set created_at = created_at - make_interval(mins => ?) where conversation_id = ?`,
    [minutes, conversationId],
  );
  await db().execute(
    `update conversation_participants set last_read_at = last_read_at - make_interval(mins => ?),
        notified_at = notified_at - make_interval(mins => ?)
      where conversation_id = ?`,
    [minutes, minutes, conversationId],
  );
}

async function mailsTo(email: string) {
  return db().execute<{ subject: string; text: string }[]>(
    `select subject, text from mail_outbox where "to" = ? order by created_at, id`,
    [email],
  );
}

const run = (conversationId: string, userId: string) =>
  sendUnreadMail(t.orm.em.fork(), { conversationId, userId }, t.config.publicUrl);

describe('the unread-message mail', () => {
  it('is queued with each message, sent once per unread batch after 10 minutes, through the real queue', async () => {
    const client = await newUser('Cora');
    const started = await start(client.agent, {
      recipientId: instructor.id,
      subject: 'Lesson times',
      body: 'Do you teach on Sundays?\nI am free after noon.',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
    });
    const id = started.conversation.id;
    await send(client.agent, id, 'Also: Monday evenings?');
    const queued = await db().execute<{ singleton_key: string; start_after: Date }[]>(
      `select singleton_key, start_after from pgboss.job where name = ? and singleton_key like ?`,
      [UNREAD_MAIL_JOB, `unread:${id}:%`],
    );
    expect(queued).toHaveLength(2);
    expect(queued.every((j) => j.singleton_key.startsWith(`unread:${id}:${instructor.id}:`))).toBe(true);
    for (const job of queued) {
      expect(new Date(job.start_after).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    }

    // Too early: nothing is sent.
    expect(await run(id, instructor.id)).toBe(false);
    const [{ email }] = await db().execute<{ email: string }[]>('select email from users where id = ?', [
      instructor.id,
    ]);
    const before = (await mailsTo(email)).length;

    // Ten minutes later the queued jobs become due; both run, one mail goes out.
    await age(id, 11);
    await db().execute(`update pgboss.job set start_after = now() where name = ? and singleton_key like ?`, [
      UNREAD_MAIL_JOB,
      `unread:${id}:%`,
    ]);
    await jobs.queue.runDue(UNREAD_MAIL_JOB);
    const mails = (await mailsTo(email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('New message from Cora');
    expect(mails[0].text).toContain('You have 2 unread messages from Cora about “Lesson times”.');
    expect(mails[0].text).toContain('Cora: Do you teach on Sundays?');
    expect(mails[0].text).not.toContain('I am free after noon');
    expect(mails[0].text).toContain(`/messages/${id}`);
    // Run again (a retry, another process): nothing more for this batch.
    expect(await run(id, instructor.id)).toBe(false);

    // A new message after the mail is a new batch; concurrent runs send it once.
    await send(client.agent, id, 'Sorry, one more question');
    await age(id, 11);
    const results = await Promise.all([
      run(id, instructor.id),
      run(id, instructor.id),
      run(id, instructor.id),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await mailsTo(email)).slice(before)).toHaveLength(2);
  });

  it('does not skip a message committed after the mail went out but stamped before it', async () => {
    const client = await newUser('Lena');
    const started = await start(client.agent, {
      recipientId: instructor.id,
      body: 'First question',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
    });
    const id = started.conversation.id;
    await age(id, 11);
    // A second message is being sent (inserted, not yet committed) while the job for the first runs.
    const sending = t.orm.em.fork();
    await sending.begin();
    try {
      await sending.execute(
        `insert into messages (id, conversation_id, sender_id, body) values (gen_random_uuid(), ?, ?, ?)`,
        [id, client.id, 'Second question, sent meanwhile'],
      );
      expect(await run(id, instructor.id)).toBe(true);
      await sending.commit();
    } catch (error) {
      await sending.rollback();
      throw error;
    }
    const [{ email }] = await db().execute<{ email: string }[]>('select email from users where id = ?', [
      instructor.id,
    ]);
    const first = await mailsTo(email);
    expect(first.at(-1)!.text).toContain('Lena: First question');
    expect(first.at(-1)!.text).not.toContain('Second question');
    // The mark is the newest message the job saw, so the second message is still due for a mail.
    await age(id, 11);
    expect(await run(id, instructor.id)).toBe(true);
    const second = (await mailsTo(email)).at(-1)!;
    expect(second.text).toContain('You have 2 unread messages from Lena');
    expect(second.text).toContain('Lena: Second question, sent meanwhile');
  });

  it('is not sent when the recipient read in time', async () => {
    const client = await newUser('Rita');
    const started = await start(client.agent, {
      recipientId: instructor.id,
      body: 'Quick question',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
    });
    const id = started.conversation.id;
    const read = await ok(instructor.agent, MARK_READ, { input: { conversationId: id } });
    expect(read.conversationMarkRead.conversation.unreadCount).toBe(0);
    await age(id, 11);
    expect(await run(id, instructor.id)).toBe(false);
    const [row] = await db().execute<{ notified_at: Date | null }[]>(
      `select notified_at from conversation_participants where conversation_id = ? and user_id = ?`,
      [id, instructor.id],
    );
    expect(row.notified_at).toBeNull();
  });
});

describe('attachments', () => {
  it('are served to participants only; wrong types and too big files are refused', async () => {
    const client = await newUser();
    const upload = await client.agent
      .post('/api/upload?purpose=message')
      .attach('files', PNG, { filename: 'turn.png', contentType: 'image/png' })
      .attach('files', PDF, { filename: 'plan.pdf', contentType: 'application/pdf' });
    expect(upload.status).toBe(201);
    const ids = upload.body.files.map((f: { uploadId: string }) => f.uploadId);
    // Without the purpose, members still cannot upload (resource files are for sellers).
    const resourceUpload = await client.agent.post('/api/upload').attach('files', PDF, { filename: 'x.pdf' });
    expect(resourceUpload.status).toBe(403);
    const thumb = await client.agent
      .post('/api/upload?purpose=message')
      .attach('thumbnail', PNG, { filename: 'cover.png', contentType: 'image/png' });
    expect(thumb.status).toBe(400);

    const started = await start(client.agent, {
      recipientId: instructor.id,
      body: 'My homework',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
      attachmentUploadIds: ids,
    });
    expect(started.userErrors).toEqual([]);
    const id = started.conversation.id;
    const files = started.message.attachments;
    expect(files.map((f: any) => [f.fileName, f.contentType, f.isImage])).toEqual([
      ['turn.png', 'image/png', true],
      ['plan.pdf', 'application/pdf', false],
    ]);
    expect(files[0].url).toBe(`/api/conversations/${id}/attachments/${files[0].id}`);

    const got = await instructor.agent.get(files[0].url).buffer(true);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.body as Buffer, PNG)).toBe(0);
    const pdf = await client.agent.get(files[1].url).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('attachment; filename="plan.pdf"');

    const third = await newUser();
    expect((await third.agent.get(files[0].url)).status).toBe(404);
    expect((await t.agent().get(files[0].url)).status).toBe(401);
    // The attachment of another conversation through this one's path: 404.
    expect(
      (await instructor.agent.get(`/api/conversations/${id}/attachments/${started.message.id}`)).status,
    ).toBe(404);
    // An upload is used once.
    const reused = await send(client.agent, id, 'again', [ids[0]]);
    expect(reused.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'attachmentUploadIds' });

    // Not an image or a PDF: refused by the upload (415), and by the message when it was uploaded
    // for something else (staff may upload text files for resources).
    const text = await client.agent
      .post('/api/upload?purpose=message')
      .attach('files', Buffer.from('just some notes\n'), { filename: 'notes.txt' });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(
      '"notes.txt" cannot be attached to a message: attach images (JPEG, PNG, GIF, WebP) or PDF files',
    );
    const staffText = await admin.agent
      .post('/api/upload')
      .attach('files', Buffer.from('just some notes\n'), { filename: 'notes.txt' });
    expect(staffText.status).toBe(201);
    const conversationWithStaff = await start(admin.agent, { recipientId: client.id, body: 'Notes for you' });
    const wrongType = await send(admin.agent, conversationWithStaff.conversation.id, 'notes', [
      staffText.body.files[0].uploadId,
    ]);
    expect(wrongType.userErrors[0]).toMatchObject({ code: 'FILE_TYPE', field: 'attachmentUploadIds' });
    // Nothing of the refused message stayed: the upload is still unused, no message was written.
    const [{ n, unused }] = await db().execute<{ n: number; unused: boolean }[]>(
      `select (select count(*)::int from messages where conversation_id = ?) as n,
              (select consumed_at is null from uploads where id = ?) as unused`,
      [conversationWithStaff.conversation.id, staffText.body.files[0].uploadId],
    );
    expect(n).toBe(1);
    expect(unused).toBe(true);

    // Over 10 MB: refused while it uploads…
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const tooBig = await client.agent
      .post('/api/upload?purpose=message')
      .attach('files', big, { filename: 'big.pdf' });
    expect(tooBig.status).toBe(413);
    // …and when attaching a bigger upload made for a resource (staff may upload 50 MB documents).
    const staffUpload = await admin.agent.post('/api/upload').attach('files', big, { filename: 'big.pdf' });
    expect(staffUpload.status).toBe(201);
    const staffStart = await start(admin.agent, {
      recipientId: client.id,
      body: 'Here is the big file',
      attachmentUploadIds: [staffUpload.body.files[0].uploadId],
    });
    expect(staffStart.userErrors[0]).toMatchObject({ code: 'FILE_TOO_LARGE', field: 'attachmentUploadIds' });

    // REST: start and send with 201.
    const restStart = await admin.agent
      .post('/api/conversations')
      .set(json)
      .send({ recipientId: client.id, subject: 'Hello', body: 'From staff' });
    expect(restStart.status).toBe(201);
    expect(restStart.body.message.body).toBe('From staff');
    const restSend = await client.agent
      .post(`/api/conversations/${restStart.body.conversation.id}/messages`)
      .set(json)
      .send({ body: 'Thanks' });
    expect(restSend.status).toBe(201);
    expect(restSend.body).toMatchObject({ body: 'Thanks', mine: true });
    const bad = await client.agent.post('/api/conversations').set(json).send({ recipientId: instructor.id });
    expect(bad.status).toBe(400);
    const noRecipient = await client.agent.post('/api/conversations').set(json).send({ body: 'Hello?' });
    expect(noRecipient.status).toBe(400);
    expect(noRecipient.body).toMatchObject({ message: 'recipientId is required', code: 'INVALID_INPUT' });
    const listed = await ok(client.agent, CONVERSATION_QUERY, { id: restStart.body.conversation.id });
    // The staff member's conversation with the client: "Notes for you", "From staff", "Thanks".
    expect(restStart.body.conversation.id).toBe(conversationWithStaff.conversation.id);
    expect(listed.conversation.messages.totalCount).toBe(3);
  });
});
