import type { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from '../db/pg-query';

/** The token the catalogue tables' triggers change at each commit (migration 20261201000000). */
const CONTENT_VERSION = `select "token"::text as "token" from "content_version" where "id" = ?`;

/** No row (a database emptied by hand): a token of its own, which any later commit changes. */
const NO_VERSION = 'none';

/**
 * Reads the content version, one query at a time per process: a read asked for while one is
 * running waits for the next, which starts when the running one ends and answers every read asked
 * for meanwhile. So each answer was read after it was asked for (a commit that came before the
 * request is seen), and a crowd of page views costs at most one query in flight.
 */
export class ContentVersion {
  private running: Promise<string> | null = null;
  private next: Promise<string> | null = null;

  read(em: EntityManager): Promise<string> {
    if (!this.running) {
      this.running = this.query(em).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.read(em);
      });
    return this.next;
  }

  private async query(em: EntityManager): Promise<string> {
    const [row] = await queryRows<{ token: string }>(em, CONTENT_VERSION, [1]);
    return row?.token ?? NO_VERSION;
  }
}
