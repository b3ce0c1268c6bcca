import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

/**
 * A demo conversation (after demo-bookings) so /messages is not empty: `member` asked the demo
 * instructor Ines about a booked lesson and she answered; her answer is unread, so the member sees
 * the unread badge. Written with SQL and no jobs or realtime events (the queue is not started
 * yet). Idempotent: nothing is added when the two already have a conversation.
 */
const THREAD: { from: 'member' | 'instructor'; minutesAgo: number; body: string }[] = [
  {
    from: 'member',
    minutesAgo: 26 * 60,
    body: 'Hi Ines! Before our next lesson: should I bring different shoes for the turns we practised?',
  },
  {
    from: 'instructor',
    minutesAgo: 25 * 60,
    body: 'Hi! Suede-soled shoes are best for spins.\nIf you only have sneakers, bring them — we will work with them.',
  },
  { from: 'member', minutesAgo: 24 * 60, body: 'Great, thank you! See you then.' },
  {
    from: 'instructor',
    minutesAgo: 90,
    body: 'One more tip: warm up your ankles for five minutes before we start. See you soon!',
  },
];

export async function seedDemoMessages(em: EntityManager): Promise<void> {
  const conn = em.getConnection();
  const users = await conn.execute<{ id: string; username_key: string }[]>(
    `select id, username_key from users where username_key in ('member', 'instructor')`,
  );
  const idOf = new Map(users.map((u) => [u.username_key, u.id]));
  const member = idOf.get('member');
  const instructor = idOf.get('instructor');
  if (!member || !instructor) return;
  const existing = await conn.execute(
    `select 1 from conversation_participants a join conversation_participants b
        on b.conversation_id = a.conversation_id and b.user_id = ?
      where a.user_id = ? limit 1`,
    [instructor, member],
  );
  if (existing.length) return;
  const [booking] = await conn.execute<{ id: string }[]>(
    `select id from bookings where client_id = ? and instructor_id = ?
        and status in ('confirmed', 'completed') order by starts_at desc limit 1`,
    [member, instructor],
  );
  const context = booking ? { kind: 'booking', id: booking.id } : { kind: 'instructor', id: instructor };
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const conversationId = randomUUID();
  await em.transactional(async (tem) => {
    await tem.execute(
      `insert into conversations (id, subject, context_kind, context_id, created_by, created_at, last_message_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        conversationId,
        'Shoes for the next lesson',
        context.kind,
        context.id,
        member,
        at(THREAD[0].minutesAgo),
        at(THREAD[THREAD.length - 1].minutesAgo),
      ],
    );
    const ids: string[] = [];
    for (const message of THREAD) {
      const id = randomUUID();
      ids.push(id);
      await tem.execute(
        `insert into messages (id, conversation_id, sender_id, body, created_at) values (?, ?, ?, ?, ?)`,
        [
          id,
          conversationId,
          message.from === 'member' ? member : instructor,
          message.body,
          at(message.minutesAgo),
        ],
      );
    }
    // The member read up to their own last message; Ines read everything.
    await tem.execute(
      `insert into conversation_participants
         (conversation_id, user_id, role, last_read_at, last_read_message_id, notified_at, joined_at)
       values (?, ?, 'member', ?, ?, ?, ?), (?, ?, 'instructor', ?, ?, null, ?)`,
      [
        conversationId,
        member,
        at(THREAD[2].minutesAgo),
        ids[2],
        // Marked as already mailed: the demo's unread message never mails the demo member.
        at(THREAD[3].minutesAgo),
        at(THREAD[0].minutesAgo),
        conversationId,
        instructor,
        at(THREAD[3].minutesAgo),
        ids[3],
        at(THREAD[0].minutesAgo),
      ],
    );
  });
}
