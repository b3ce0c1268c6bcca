import type { EntityManager } from '@mikro-orm/postgresql';
import { privateDirFrom } from '../../config';
import { LocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import { withoutBookingNotifications } from '../../modules/bookings';
import { withoutNotifications } from '../../modules/notifications';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoCourses } from './demo-courses';
import { seedDemoInstructors } from './demo-instructors';
import { seedDemoMessages } from './demo-messages';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPlans } from './demo-plans';
import { seedDemoResources } from './demo-resources';
import { seedDemoSellers } from './demo-sellers';
import { seedDemoTwoStep } from './demo-two-step';
import { seedDemoUsers } from './demo-users';

/** Each seeder runs once per database (claimed in seed_runs), so later edits are never undone. */
const SEEDERS: { name: string; run: (em: EntityManager, privateFiles: Storage) => Promise<void> }[] = [
  { name: 'demo-users', run: seedDemoUsers },
  { name: 'demo-courses', run: seedDemoCourses },
  { name: 'demo-resources', run: seedDemoResources },
  { name: 'demo-sellers', run: seedDemoSellers },
  { name: 'demo-orders', run: seedDemoOrders },
  { name: 'demo-instructors', run: seedDemoInstructors },
  { name: 'demo-plans', run: seedDemoPlans },
  // Seeded before the job queue starts: the demo bookings send no mails and queue no reminders.
  { name: 'demo-bookings', run: (em) => withoutBookingNotifications(() => seedDemoBookings(em)) },
  { name: 'demo-messages', run: seedDemoMessages },
  // The seeded staff's two-step sign-in with the key published in the README.
  { name: 'demo-two-step', run: seedDemoTwoStep },
];

/**
 * Runs the seeders not run on this database yet. `privateFiles`: where the demo resources' sample
 * files go (the app's private storage; default the local PRIVATE_DIR).
 */
export async function seedDatabase(
  em: EntityManager,
  privateFiles: Storage = new LocalStorage(privateDirFrom(), null),
  options: { demoTwoStep?: boolean } = {},
): Promise<string[]> {
  const ran: string[] = [];
  const conn = em.getConnection();
  for (const seeder of SEEDERS) {
    if (seeder.name === 'demo-two-step' && options.demoTwoStep === false) continue;
    // Claim the seeder first: of several servers starting at once, exactly one runs it.
    const claimed = await conn.execute(
      'insert into seed_runs (name) values (?) on conflict do nothing returning name',
      [seeder.name],
    );
    if (!claimed.length) continue;
    try {
      // Demo data mails nobody (order receipts, certificates: notifications/notify.ts).
      await withoutNotifications(() => seeder.run(em.fork(), privateFiles));
    } catch (error) {
      await conn.execute('delete from seed_runs where name = ?', [seeder.name]);
      throw error;
    }
    ran.push(seeder.name);
  }
  return ran;
}
