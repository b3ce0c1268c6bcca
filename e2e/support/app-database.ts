import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { inject } from 'vitest';

/**
 * A connection to the database of the app under test (the embedded PostgreSQL that `npm start`
 * started in DATA_DIR: its port from postmaster.pid, its password from the data folder). For
 * what a browser cannot do, such as letting a booked lesson's time pass.
 */
export async function appDatabase(): Promise<Client> {
  const dataDir = inject('dataDir');
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  const password = fs.readFileSync(path.join(dataDir, '.postgres-password'), 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'drx' });
  await client.connect();
  return client;
}

/**
 * Forgets the failed sign-ins a spec made on purpose (a wrong password, a removed passkey). Every
 * spec signs in from one address (127.0.0.1), and the sign-in throttle refuses an address after 5
 * failures in 15 minutes (as it should a person's): without this, specs that test refusals would
 * lock the later specs' sign-ins out.
 */
export async function forgetFailedSignIns(): Promise<void> {
  const db = await appDatabase();
  try {
    await db.query('delete from login_attempts');
  } finally {
    await db.end();
  }
}
