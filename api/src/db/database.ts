import { MikroORM } from '@mikro-orm/postgresql';
import type { Storage } from '../storage/storage';
import { ormConfig } from './mikro-orm.config';
import { refuseDemoPasswords } from './seeders/demo-passwords';
import { refuseDemoTwoStepKey } from './seeders/demo-two-step';
import { seedDatabase } from './seeders/seed';

/** The advisory lock held while one process migrates and seeds (any bigint unique to this use). */
const MIGRATION_LOCK_KEY = 2026_1130_0300;

/**
 * Runs `work` while holding a session-level advisory lock on its own pooled connection: replicas
 * starting together after a deploy (several machines, each its own primary) migrate one after the
 * other — the later ones find nothing pending — instead of running one migration twice at once.
 */
async function oneAtATime(orm: MikroORM, work: () => Promise<void>): Promise<void> {
  const client = orm.em.getConnection().getKnex().client;
  const connection = await client.acquireConnection();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * Connects, applies pending migrations and (optionally) seeds, one process at a time across all
 * machines. With `refuseDemoPasswords` (a production start) it fails with a DemoPasswordError while
 * a demo account has the published password.
 */
export async function openDatabase(
  url: string,
  options: {
    seed: boolean;
    silent?: boolean;
    refuseDemoPasswords?: boolean;
    /** Where seeding puts the demo resources' files: the app's private storage (default: PRIVATE_DIR). */
    privateFiles?: Storage;
    /** False: the seeded staff get no two-step sign-in (the test app's default). */
    demoTwoStep?: boolean;
  },
): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(url, { silent: options.silent }));
  try {
    await oneAtATime(orm, async () => {
      await orm.getMigrator().up();
      if (options.seed)
        await seedDatabase(orm.em.fork(), options.privateFiles, { demoTwoStep: options.demoTwoStep });
    });
    if (options.refuseDemoPasswords) {
      await refuseDemoPasswords(orm.em.fork());
      // The seeded staff's published authenticator key too (README): refused the same way.
      await refuseDemoTwoStepKey(orm.em.fork());
    }
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}
