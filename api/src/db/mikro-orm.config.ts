import { DataloaderType } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import { entities } from './entities';
import { migrationsList } from './migrations';

export const POOL_SIZE = 10;

export function ormConfig(clientUrl: string, options: { debug?: boolean; silent?: boolean } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, silent: options.silent ?? false },
    dataloader: DataloaderType.ALL,
    pool: { min: 0, max: POOL_SIZE },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: true },
  });
}
