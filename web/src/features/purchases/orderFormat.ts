/** Order statuses of the graph (`Order.status`). */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded' | 'canceled';

export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'failed', 'refunded', 'canceled'];

const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  canceled: 'Canceled',
};

const STATUS_PALETTE: Record<OrderStatus, string> = {
  pending: 'orange',
  paid: 'green',
  failed: 'red',
  refunded: 'purple',
  canceled: 'gray',
};

const isKnownStatus = (status: string): status is OrderStatus => Object.hasOwn(STATUS_LABEL, status);

/** The badge text of an order status; an unknown status shows as given. */
export function orderStatusLabel(status: string): string {
  return isKnownStatus(status) ? STATUS_LABEL[status] : status;
}

/** The badge colour palette of an order status (gray when unknown). */
export function orderStatusPalette(status: string): string {
  return isKnownStatus(status) ? STATUS_PALETTE[status] : 'gray';
}

/** Whole cents as US dollars ("$12.50"). */
export { formatCents } from '../../lib/currency';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026" for an ISO date (the graph's DateTimeISO); empty for a missing or invalid one. */
export function formatOrderDate(iso: unknown, withTime = false): string {
  if (typeof iso !== 'string' || !iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (withTime ? dateTimeFormat : dateFormat).format(date);
}

/** "1 item" / "3 items" for the quantities of an order's lines. */
export function itemCountLabel(lines: readonly { quantity: number }[]): string {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** How long /payment-success keeps asking while the payment is pending (the webhook may come later). */
export const PENDING_POLL_MS = 2000;
export const PENDING_POLL_LIMIT_MS = 60_000;

/** The poll interval of /payment-success: every 2 s while the order is pending, until the time limit. */
export function orderPollInterval(status: string | undefined, timedOut: boolean): number {
  return status === 'pending' && !timedOut ? PENDING_POLL_MS : 0;
}

/** Whether a URL is a path of this app (routed in the browser) rather than another origin. */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/api/');
}

/** How an order was paid, for staff. */
export function paymentProviderLabel(provider: string): string {
  if (provider === 'stripe') return 'Stripe';
  if (provider === 'test') return 'Test provider (no card charged)';
  if (provider === 'free') return 'None (free order)';
  if (provider === 'credit') return 'Membership lesson credit (nothing charged)';
  return provider;
}
