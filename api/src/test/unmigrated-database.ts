import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll } from 'vitest';
import { ormConfig } from '../db/mikro-orm.config';
import { createTestDatabase } from './database';

/**
 * For a test of one migration on the data of its time: an ORM on a fresh database of the test
 * file's own with no migration run yet (the test migrates up to just before the one it tests,
 * writes that era's rows, then migrates the rest).
 */
export function useUnmigratedDatabase(): () => MikroORM {
  let orm: MikroORM | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    orm = await MikroORM.init(ormConfig(db.url, { silent: true }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });
  return () => {
    if (!orm) throw new Error('The database is opened in beforeAll');
    return orm;
  };
}
