/**
 * `node api/dist/db/seeders/remove-demo-two-step.js` (with the server's DATABASE_URL): turns off
 * two-step sign-in wherever it still uses the key published in the README (the seeded staff) and
 * prints who; they set it up again on their profile. A production server refuses to start until
 * this has been done.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../mikro-orm.config';
import { removeDemoTwoStepKey } from './demo-two-step';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the database of the server.');
  const orm = await MikroORM.init(ormConfig(url, { silent: true }));
  try {
    const removed = await removeDemoTwoStepKey(orm.em.fork());
    if (!removed.length) {
      console.log('No account uses the published demo two-step key.');
      return;
    }
    console.log(`Two-step sign-in turned off (set it up again on the profile): ${removed.join(', ')}`);
  } finally {
    await orm.close(true);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
