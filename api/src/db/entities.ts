import { appModules } from '../modules';

/** Every MikroORM entity: each module's `entities` (`modules/index.ts`). */
export const entities = appModules.flatMap((mod) => mod.entities ?? []);
