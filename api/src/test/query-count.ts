import type { MikroORM } from '@mikro-orm/postgresql';
import { vi } from 'vitest';

/**
 * The SQL statements MikroORM runs during `work` (whatever the debug setting), the fewest of `runs`
 * runs. The ORM's logger also sees whatever else the app runs meanwhile — now and then a job or a
 * cache refresh lands in the window (seen as 6 instead of 4, 9 instead of 4 on a busy machine) —
 * while an N+1 or any cost that grows with the page shows in every run. `work` must be a read: it
 * runs `runs` times.
 */
export async function queriesDuring(
  orm: MikroORM,
  work: () => Promise<unknown>,
  runs = 5,
): Promise<string[]> {
  let fewest: string[] | undefined;
  for (let i = 0; i < runs; i += 1) {
    const spy = vi.spyOn(orm.config.getLogger(), 'logQuery');
    try {
      await work();
      const queries = spy.mock.calls.map(([context]) => String(context.query));
      if (!fewest || queries.length < fewest.length) fewest = queries;
    } finally {
      spy.mockRestore();
    }
  }
  return fewest!;
}
