/** Pure helpers of the admin outbox page (unit-tested in outboxFormat.spec.ts). */

/** A byte count for people: "512 B", "1.5 KB", "2.0 MB". */
export function formatBytes(size: number): string {
  if (!Number.isFinite(size) || size < 0) return '';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

export interface DeliveryState {
  label: string;
  palette: 'gray' | 'green' | 'red' | 'orange';
  /** A longer explanation (tooltips, the mail's dialog). */
  detail: string;
}

/**
 * Where a stored mail stands: sent over SMTP, failed (its last error), waiting for SMTP, or kept in
 * the outbox (no SMTP_URL: the row is the delivery). `smtp` is unknown to the web, so a mail
 * without sentAt nor error reads as "In outbox".
 */
export function deliveryState(mail: { sentAt?: unknown; error?: string | null }): DeliveryState {
  if (mail.sentAt) return { label: 'Sent', palette: 'green', detail: 'Accepted by the SMTP server.' };
  if (mail.error) {
    return { label: 'Failed', palette: 'red', detail: `The last SMTP attempt failed: ${mail.error}` };
  }
  return {
    label: 'In outbox',
    palette: 'gray',
    detail: 'Kept here only (no SMTP server configured, or not sent yet).',
  };
}

/** "—", "invoice.pdf", or "lesson.ics + 2 more". */
export function attachmentsSummary(names: readonly string[]): string {
  if (names.length === 0) return '—';
  if (names.length === 1) return names[0];
  return `${names[0]} + ${names.length - 1} more`;
}
