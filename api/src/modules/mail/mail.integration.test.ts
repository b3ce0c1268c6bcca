import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { configureMail, sendMail } from './mail';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

let t: TestApp;
let guest: Agent;
let admin: Agent;
let member: Agent;
let officer: Agent;

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  const signIn = async (username: string) => {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
    expect(res.status).toBe(200);
    return agent;
  };
  admin = await signIn('admin');
  member = await signIn('member');
  officer = await signIn('officer');
});
afterAll(() => t?.close());

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

const LIST = `query Outbox($first: Int, $after: String, $search: String) {
  adminMailOutbox(first: $first, after: $after, search: $search) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id from to subject text html attachmentNames attachments { index filename contentType size url } createdAt sentAt }
  }
}`;
const ONE = `query One($id: ID!) { adminMailOutboxMessage(id: $id) { id subject text attachmentNames } }`;

describe('mail outbox (no SMTP_URL)', () => {
  it('stores a mail with its attachment, as nodemailer built it', async () => {
    const em = t.orm.em.fork();
    const { id } = await em.transactional((tx) =>
      sendMail(tx, {
        to: 'ann@example.com',
        subject: 'Your lesson is booked',
        text: 'See you on Tuesday.',
        html: '<p>See you on Tuesday.</p>',
        attachments: [{ filename: 'lesson.ics', content: ICS, contentType: 'text/calendar' }],
      }),
    );
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute(`select * from "mail_outbox" where "id" = ?`, [id]);
    expect(row.to).toBe('ann@example.com');
    expect(row.from).toBe('DRX <no-reply@drx.local>');
    expect(row.transport).toBe('outbox');
    expect(row.sent_at).toBeNull();
    expect(row.attachments).toEqual([
      {
        filename: 'lesson.ics',
        contentType: 'text/calendar',
        content: Buffer.from(ICS).toString('base64'),
        size: ICS.length,
      },
    ]);
    // The RFC 822 message SMTP would send: headers, both bodies, the attachment.
    expect(row.raw).toMatch(/^From: DRX <no-reply@drx\.local>\r$/m);
    expect(row.raw).toMatch(/^To: ann@example\.com\r$/m);
    expect(row.raw).toMatch(/^Subject: Your lesson is booked\r$/m);
    expect(row.raw).toContain('multipart/mixed');
    expect(row.raw).toContain('Content-Type: text/calendar; name=lesson.ics');
    expect(row.raw).toContain(`Message-ID: ${row.message_id}`);
  });

  it('keeps no mail of a transaction that rolled back', async () => {
    const em = t.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        await sendMail(tx, { to: 'bob@example.com', subject: 'Never sent', text: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute(`select 1 from "mail_outbox" where "subject" = 'Never sent'`);
    expect(rows).toHaveLength(0);
  });

  it('admins list, search, page and open stored mail; attachments download', async () => {
    for (let i = 0; i < 3; i++) {
      await sendMail(t.orm.em.fork(), {
        to: `page${i}@example.com`,
        subject: `Paging ${i}`,
        text: `body ${i}`,
      });
    }
    const all = await t.gql(admin, LIST, { first: 2 });
    expect(all.errors).toBeUndefined();
    expect(all.data.adminMailOutbox.totalCount).toBe(4);
    expect(all.data.adminMailOutbox.nodes.map((n: any) => n.subject)).toEqual(['Paging 2', 'Paging 1']);
    expect(all.data.adminMailOutbox.pageInfo.hasNextPage).toBe(true);
    const next = await t.gql(admin, LIST, { first: 2, after: all.data.adminMailOutbox.pageInfo.endCursor });
    expect(next.data.adminMailOutbox.nodes.map((n: any) => n.subject)).toEqual([
      'Paging 0',
      'Your lesson is booked',
    ]);
    expect(next.data.adminMailOutbox.pageInfo.hasNextPage).toBe(false);

    const found = await t.gql(admin, LIST, { search: 'ANN@example' });
    expect(found.data.adminMailOutbox.totalCount).toBe(1);
    const mail = found.data.adminMailOutbox.nodes[0];
    expect(mail).toMatchObject({
      to: 'ann@example.com',
      text: 'See you on Tuesday.',
      html: '<p>See you on Tuesday.</p>',
      attachmentNames: ['lesson.ics'],
      attachments: [
        {
          index: 0,
          filename: 'lesson.ics',
          contentType: 'text/calendar',
          size: ICS.length,
          url: `/api/admin/outbox/${mail.id}/attachments/0`,
        },
      ],
      sentAt: null,
    });
    expect((await t.gql(admin, LIST, { search: '100%' })).data.adminMailOutbox.totalCount).toBe(0);

    const one = await t.gql(admin, ONE, { id: mail.id });
    expect(one.data.adminMailOutboxMessage).toEqual({
      id: mail.id,
      subject: 'Your lesson is booked',
      text: 'See you on Tuesday.',
      attachmentNames: ['lesson.ics'],
    });
    const missing = await t.gql(admin, ONE, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.data.adminMailOutboxMessage).toBeNull();

    const file = await admin.get(mail.attachments[0].url).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="lesson.ics"');
    expect(Buffer.from(file.body).toString('utf8')).toBe(ICS);
    expect((await admin.get(`/api/admin/outbox/${mail.id}/attachments/1`)).status).toBe(404);
    expect((await member.get(mail.attachments[0].url)).status).toBe(403);
    expect((await guest.get(mail.attachments[0].url)).status).toBe(401);
  });

  it('refuses the outbox to guests, members and curriculum officers', async () => {
    for (const [agent, code] of [
      [guest, 'UNAUTHENTICATED'],
      [member, 'FORBIDDEN'],
      [officer, 'FORBIDDEN'],
    ] as const) {
      const list = await t.gql(agent, LIST);
      expect(list.errors?.[0]?.extensions?.code).toBe(code);
      expect(list.data?.adminMailOutbox ?? null).toBeNull();
      const one = await t.gql(agent, ONE, { id: '00000000-0000-4000-8000-000000000000' });
      expect(one.errors?.[0]?.extensions?.code).toBe(code);
    }
  });

  it('with SMTP_URL set, a mail is queued for delivery and its failure recorded', async () => {
    // Nothing listens on port 9: the delivery job fails and records why; the row stays unsent.
    configureMail({ mailFrom: 'DRX <no-reply@drx.local>', smtpUrl: 'smtp://127.0.0.1:9' });
    const previous = t.config.smtpUrl;
    t.config.smtpUrl = 'smtp://127.0.0.1:9';
    try {
      const { id } = await t.orm.em
        .fork()
        .transactional((tx) => sendMail(tx, { to: 'smtp@example.com', subject: 'Over SMTP', text: 'hi' }));
      const db = t.orm.em.fork().getConnection();
      const [job] = await db.execute(`select "state" from "pgboss"."job" where "name" = 'mail.deliver'`);
      expect(job).toBeDefined();
      for (let i = 0; i < 100; i++) {
        const [row] = await db.execute(
          `select "attempts", "error", "sent_at" from "mail_outbox" where "id" = ?`,
          [id],
        );
        if (row.attempts > 0) {
          expect(row.error).toMatch(/ECONNREFUSED|connect/i);
          expect(row.sent_at).toBeNull();
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the delivery job never ran');
    } finally {
      configureMail({ mailFrom: 'DRX <no-reply@drx.local>', smtpUrl: undefined });
      t.config.smtpUrl = previous;
    }
  });
});
