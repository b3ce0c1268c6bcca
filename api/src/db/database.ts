import { MikroORM } from '@mikro-orm/postgresql';
import type { Storage } from '../storage/storage';
import { ormConfig } from './mikro-orm.config';
import { refuseDemoPasswords } from './seeders/demo-passwords';
import { seedDatabase } from './seeders/seed';

/**
 * Connects, applies pending migrations and (optionally) seeds. With `refuseDemoPasswords` (a
 * production start) it fails with a DemoPasswordError while a demo account has the published
 * password.
 */
export async function openDatabase(
  url: string,
  options: {
    seed: boolean;
    silent?: boolean;
    refuseDemoPasswords?: boolean;
    /** Where seeding puts the demo resources' files: the app's private storage (default: PRIVATE_DIR). */
    privateFiles?: Storage;
  },
): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(url, { silent: options.silent }));
  try {
    await orm.getMigrator().up();
    if (options.seed) await seedDatabase(orm.em.fork(), options.privateFiles);
    if (options.refuseDemoPasswords) await refuseDemoPasswords(orm.em.fork());
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}
