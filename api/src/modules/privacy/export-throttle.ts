import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { admitHourly } from '../account';

/** Data exports one account may download in an hour (each reads every table about it). */
export const EXPORTS_PER_HOUR = 5;
export const EXPORTS_THROTTLED =
  'You downloaded your data several times in the last hour. Please try again later.';

/** Counts one export of the account; TOO_MANY_ATTEMPTS once the hour's are used up. */
export async function admitExport(em: EntityManager, userId: string): Promise<void> {
  if (!(await admitHourly(em, `data-export:user:${userId}`, EXPORTS_PER_HOUR))) {
    throw new DomainError('TOO_MANY_ATTEMPTS', EXPORTS_THROTTLED);
  }
}
