import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { openDatabase } from './database';
import { migrationsList } from './migrations';

describe('starting several replicas at once', () => {
  const opened: MikroORM[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(opened.map((orm) => orm.close(true)));
    await drop?.();
  });

  it('three processes opening a new database together migrate it once, one after the other', async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const starts = await Promise.allSettled(
      [0, 1, 2].map(() => openDatabase(db.url, { seed: false, silent: true })),
    );
    for (const start of starts) if (start.status === 'fulfilled') opened.push(start.value);
    expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const rows = await opened[0].em
      .getConnection()
      .execute<{ name: string }[]>('select name from mikro_orm_migrations');
    expect(rows).toHaveLength(migrationsList.length);
  });
});
