// Test helpers only: bookings.
import type { TestApp } from './test-app';

/**
 * Raises the per-member booking-hold limits (platform settings bookingHoldsMax and
 * bookingHoldsPerHour; defaults 3 and 10) to their maxima, for test files that hold many paid
 * sessions as one member and are not about the limits.
 */
export async function liftHoldLimits(t: TestApp): Promise<void> {
  await t.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into platform_settings (key, value) values ('bookingHoldsMax', '50'), ('bookingHoldsPerHour', '500')
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
    );
}
