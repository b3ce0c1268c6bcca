/**
 * An uptime in whole seconds as days, hours and minutes, leaving out zero parts:
 * 11520 → '3 h 12 min', 90060 → '1 d 1 h 1 min'; under a minute shows seconds ('45 s').
 * Negative or non-finite values give ''.
 */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.floor(seconds);
  if (total < 60) return `${total} s`;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} d`);
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0) parts.push(`${minutes} min`);
  return parts.join(' ');
}

/** A count of users with the noun agreeing: '1 user', '0 users', '1,234 users'. */
export function formatUserCount(count: number): string {
  return `${new Intl.NumberFormat('en-US').format(count)} ${count === 1 ? 'user' : 'users'}`;
}

/** A date and time in medium US form, in UTC ('Mar 4, 2025, 10:15 AM UTC'); '' when invalid. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)} UTC`;
}

/** The share of `count` in `total` as a whole percentage within 0…100 (0 when total is 0). */
export function percentOf(count: number, total: number): number {
  if (!(total > 0) || !(count > 0)) return 0;
  return Math.min(100, Math.round((count / total) * 100));
}

export type HealthState = 'checking' | 'healthy' | 'unhealthy';

/** What a /readyz answer means: healthy only for a 2xx answer with `{ status: 'ready' }`. */
export function healthFromResponse(ok: boolean, body: unknown): HealthState {
  if (!ok || typeof body !== 'object' || body === null) return 'unhealthy';
  return (body as { status?: unknown }).status === 'ready' ? 'healthy' : 'unhealthy';
}

export interface PaymentModeView {
  label: string;
  palette: 'green' | 'orange' | 'red' | 'gray';
  description: string;
}

/** The deployment page's description of how payments are taken (systemStatus.paymentMode). */
export function paymentModeView(mode: string): PaymentModeView {
  switch (mode) {
    case 'stripe':
      return { label: 'Stripe', palette: 'green', description: 'Cards are charged through Stripe.' };
    case 'test':
      return {
        label: 'Test provider',
        palette: 'orange',
        description: 'The labelled test provider marks orders paid without charging a card: no money moves.',
      };
    case 'none':
      return {
        label: 'Not configured',
        palette: 'red',
        description:
          'Checkout refuses paid orders. Set STRIPE_SECRET_KEY (or PAYMENTS_TEST_MODE=true on a test copy).',
      };
    default:
      return { label: mode || 'Unknown', palette: 'gray', description: '' };
  }
}
