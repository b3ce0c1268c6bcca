import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_foundation } from './Migration20261121000000_foundation';
import { Migration20261121010000_millisecond_timestamps } from './Migration20261121010000_millisecond_timestamps';
import { Migration20261121020000_courses } from './Migration20261121020000_courses';
import { Migration20261121050000_certificates } from './Migration20261121050000_certificates';
import { Migration20261121060000_resources } from './Migration20261121060000_resources';

/** Listed statically so the built server needs no file-system discovery. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  {
    name: 'Migration20261121010000_millisecond_timestamps',
    class: Migration20261121010000_millisecond_timestamps,
  },
  { name: 'Migration20261121020000_courses', class: Migration20261121020000_courses },
  { name: 'Migration20261121050000_certificates', class: Migration20261121050000_certificates },
  { name: 'Migration20261121060000_resources', class: Migration20261121060000_resources },
];
