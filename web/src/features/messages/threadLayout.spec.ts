import { describe, expect, it } from 'vitest';
import { groupMessages, type LayoutMessage, mergeMessages, seenMessageId } from './threadLayout';

const msg = (
  id: string,
  createdAt: string,
  sender: string,
  extra: Partial<LayoutMessage> = {},
): LayoutMessage => ({
  id,
  createdAt,
  mine: sender === 'me',
  seenAt: null,
  sender: { id: sender },
  ...extra,
});

describe('groupMessages', () => {
  it('splits by day and groups one sender’s messages that are at most five minutes apart', () => {
    const days = groupMessages(
      [
        msg('1', '2026-03-02T10:00:00Z', 'me'),
        msg('2', '2026-03-02T10:04:00Z', 'me'),
        msg('3', '2026-03-02T10:10:00Z', 'me'),
        msg('4', '2026-03-02T10:11:00Z', 'ines'),
        msg('5', '2026-03-03T09:00:00Z', 'ines'),
      ],
      'UTC',
    );
    expect(days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
    expect(days[0].groups.map((g) => g.messages.map((m) => m.id))).toEqual([['1', '2'], ['3'], ['4']]);
    expect(days[0].groups[0]).toMatchObject({
      senderId: 'me',
      mine: true,
      startedAt: '2026-03-02T10:00:00Z',
    });
    expect(days[1].groups.map((g) => g.messages.map((m) => m.id))).toEqual([['5']]);
  });

  it('uses the given time zone for the day boundary', () => {
    const days = groupMessages(
      [msg('1', '2026-03-03T03:00:00Z', 'me'), msg('2', '2026-03-03T06:00:00Z', 'me')],
      'America/New_York',
    );
    expect(days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
  });

  it('gives an empty thread no days', () => {
    expect(groupMessages([])).toEqual([]);
  });
});

describe('seenMessageId', () => {
  it('is my latest message that was seen, even when the other side answered after it', () => {
    expect(
      seenMessageId([
        msg('1', '2026-03-02T10:00:00Z', 'me', { seenAt: '2026-03-02T10:01:00Z' }),
        msg('2', '2026-03-02T10:02:00Z', 'me', { seenAt: '2026-03-02T10:03:00Z' }),
        msg('3', '2026-03-02T10:05:00Z', 'ines'),
      ]),
    ).toBe('2');
  });

  it('skips my newer unseen messages', () => {
    expect(
      seenMessageId([
        msg('1', '2026-03-02T10:00:00Z', 'me', { seenAt: '2026-03-02T10:01:00Z' }),
        msg('2', '2026-03-02T10:02:00Z', 'me'),
      ]),
    ).toBe('1');
  });

  it('is null when nothing of mine was seen (others’ messages never carry it)', () => {
    expect(
      seenMessageId([
        msg('1', '2026-03-02T10:00:00Z', 'ines', { seenAt: '2026-03-02T10:01:00Z', mine: false }),
      ]),
    ).toBeNull();
    expect(seenMessageId([msg('1', '2026-03-02T10:00:00Z', 'me')])).toBeNull();
  });
});

describe('mergeMessages', () => {
  it('keeps one copy per id (the newer), oldest first', () => {
    const merged = mergeMessages(
      [msg('b', '2026-03-02T10:01:00Z', 'me'), msg('a', '2026-03-02T10:00:00Z', 'ines')],
      [
        msg('b', '2026-03-02T10:01:00Z', 'me', { seenAt: '2026-03-02T10:02:00Z' }),
        msg('c', '2026-03-02T10:03:00Z', 'ines'),
      ],
    );
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(merged[1].seenAt).toBe('2026-03-02T10:02:00Z');
  });
});
