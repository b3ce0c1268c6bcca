import type { EntityManager } from '@mikro-orm/postgresql';
import { seedDemoUsers } from './demo-users';

/** Each seeder runs once per database (recorded in seed_runs), so later edits are never undone. */
const SEEDERS: { name: string; run: (em: EntityManager) => Promise<void> }[] = [
  { name: 'demo-users', run: seedDemoUsers },
];

export async function seedDatabase(em: EntityManager): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of SEEDERS) {
    const done = await em.getConnection().execute('select 1 from seed_runs where name = ?', [seeder.name]);
    if (done.length) continue;
    const fork = em.fork();
    await seeder.run(fork);
    await em.getConnection().execute('insert into seed_runs (name) values (?) on conflict do nothing', [seeder.name]);
    ran.push(seeder.name);
  }
  return ran;
}
