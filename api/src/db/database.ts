import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './mikro-orm.config';
import { seedDatabase } from './seeders/seed';

/** Connects, applies pending migrations and (optionally) seeds. */
export async function openDatabase(
  url: string,
  options: { seed: boolean; silent?: boolean },
): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(url, { silent: options.silent }));
  await orm.getMigrator().up();
  if (options.seed) await seedDatabase(orm.em.fork());
  return orm;
}
