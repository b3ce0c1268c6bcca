import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useUnmigratedDatabase } from '../../test/unmigrated-database';

/**
 * The migration that fixes the printed name and course title on certificates backfills the
 * certificates issued before it from the data of that moment (and one current certificate per
 * student and course holds after it).
 */
const database = useUnmigratedDatabase();

describe('Migration20261124130100_certificate_snapshots', () => {
  it('backfills the holder name (first and last name, else the username) and the course title', async () => {
    // given a database migrated up to just before the snapshots, with two certificates
    await database().getMigrator().up({ to: 'Migration20261124130000_quiz_show_answers' });
    const sql = database().em.fork().getConnection();
    const [named, bare, instructor] = [randomUUID(), randomUUID(), randomUUID()];
    await sql.execute(
      `insert into users (id, username, username_key, password_hash, role, roles, first_name, last_name) values
         (?, 'named', 'named', 'x', 'user', '{user}', ' Lea ', 'Long'),
         (?, 'bare', 'bare', 'x', 'user', '{user}', null, '  '),
         (?, 'teacher', 'teacher', 'x', 'instructor', '{instructor}', 'Ines', 'Instructor')`,
      [named, bare, instructor],
    );
    const [course, template] = [randomUUID(), randomUUID()];
    await sql.execute(
      `insert into certificate_templates (id, name, heading, body, signatory_name, signatory_title)
       values (?, 'T', 'H', 'B', 'S', 'T')`,
      [template],
    );
    await sql.execute(
      `insert into courses (id, title, slug, instructor_id) values (?, 'Partnering Basics', 'partnering-basics', ?)`,
      [course, instructor],
    );
    await sql.execute(
      `insert into certificates (id, number, user_id, course_id, template_id) values
         (gen_random_uuid(), 'DRX-2026-AAAAAAAA', ?, ?, ?), (gen_random_uuid(), 'DRX-2026-BBBBBBBB', ?, ?, ?)`,
      [named, course, template, bare, course, template],
    );
    // when the rest of the migrations run
    await database().getMigrator().up();
    // then each certificate prints what the certificates printed until now
    const rows = await sql.execute<{ number: string; holder_name: string; course_title: string }[]>(
      'select number, holder_name, course_title from certificates order by number',
    );
    expect(rows).toEqual([
      { number: 'DRX-2026-AAAAAAAA', holder_name: 'Lea Long', course_title: 'Partnering Basics' },
      { number: 'DRX-2026-BBBBBBBB', holder_name: 'bare', course_title: 'Partnering Basics' },
    ]);
    // and a second current certificate of one student and course is still refused
    await expect(
      sql.execute(
        `insert into certificates (id, number, user_id, course_id, template_id, holder_name, course_title)
         values (gen_random_uuid(), 'DRX-2026-CCCCCCCC', ?, ?, ?, 'x', 'y')`,
        [named, course, template],
      ),
    ).rejects.toThrow(/certificates_user_id_course_id_current/);
  });
});
