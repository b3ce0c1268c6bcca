import { describe, expect, it } from 'vitest';
import { attachmentsSummary, deliveryState, formatBytes } from './outboxFormat';

describe('formatBytes', () => {
  it('uses B below a kilobyte, then KB and MB with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
  it('gives nothing for impossible sizes', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

describe('deliveryState', () => {
  it('reads sent, failed and kept mail', () => {
    expect(deliveryState({ sentAt: '2026-11-25T10:00:00.000Z', error: null }).label).toBe('Sent');
    const failed = deliveryState({ sentAt: null, error: 'connect ECONNREFUSED' });
    expect(failed).toMatchObject({ label: 'Failed', palette: 'red' });
    expect(failed.detail).toContain('ECONNREFUSED');
    expect(deliveryState({ sentAt: null, error: null }).label).toBe('In outbox');
  });
  it('a sent mail is sent even if an earlier attempt failed', () => {
    expect(deliveryState({ sentAt: '2026-11-25T10:00:00.000Z', error: 'old' }).label).toBe('Sent');
  });
});

describe('attachmentsSummary', () => {
  it('names the first file and counts the others', () => {
    expect(attachmentsSummary([])).toBe('—');
    expect(attachmentsSummary(['lesson.ics'])).toBe('lesson.ics');
    expect(attachmentsSummary(['lesson.ics', 'a.pdf', 'b.pdf'])).toBe('lesson.ics + 2 more');
  });
});
