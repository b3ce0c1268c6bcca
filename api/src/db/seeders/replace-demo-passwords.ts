/**
 * `node api/dist/db/seeders/replace-demo-passwords.js` (with the server's DATABASE_URL): gives every
 * demo account that still has the published demo password a new random one and prints them. A
 * production server refuses to start until this (or another way of changing them) has been done.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../mikro-orm.config';
import { replaceDemoPasswords } from './demo-passwords';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the database of the server.');
  const orm = await MikroORM.init(ormConfig(url, { silent: true }));
  try {
    const replaced = await replaceDemoPasswords(orm.em.fork());
    if (!replaced.length) {
      console.log('No demo account has the published demo password.');
      return;
    }
    console.log('New passwords (shown once; note them now):');
    for (const { username, password } of replaced) console.log(`  ${username}  ${password}`);
  } finally {
    await orm.close(true);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
