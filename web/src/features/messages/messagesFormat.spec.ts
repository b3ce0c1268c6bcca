import { describe, expect, it } from 'vitest';
import {
  attachmentProblem,
  badgeCount,
  composerProblem,
  contextLabel,
  conversationPath,
  dayLabel,
  fileSize,
  isSendShortcut,
  listTime,
  messagesBasePath,
  peopleNames,
  preview,
  unreadLabel,
} from './messagesFormat';

describe('messagesBasePath', () => {
  it('keeps the instructor and seller areas, else the member inbox', () => {
    expect(messagesBasePath('/instructor/messages')).toBe('/instructor/messages');
    expect(messagesBasePath('/instructor/messages/abc')).toBe('/instructor/messages');
    expect(messagesBasePath('/seller/messages/abc')).toBe('/seller/messages');
    expect(messagesBasePath('/messages/abc')).toBe('/messages');
    expect(messagesBasePath('/instructor/messagesx')).toBe('/messages');
    expect(conversationPath('/seller/messages', 'a b')).toBe('/seller/messages/a%20b');
  });
});

describe('labels', () => {
  it('names the header icon with the unread count', () => {
    expect(unreadLabel(3)).toBe('Messages, 3 unread');
    expect(unreadLabel(0)).toBe('Messages, 0 unread');
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(120)).toBe('99+');
  });

  it('lists people', () => {
    expect(peopleNames([{ displayName: 'Ines' }])).toBe('Ines');
    expect(peopleNames([{ displayName: 'Ines' }, { displayName: 'Sam' }, { displayName: 'Lee' }])).toBe(
      'Ines, Sam and Lee',
    );
  });

  it('flattens and shortens a preview', () => {
    expect(preview('Hi!\n\nSee   you')).toBe('Hi! See you');
    expect(preview('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('formats sizes', () => {
    expect(fileSize(12)).toBe('12 bytes');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});

describe('times', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  it('shows the time today, Yesterday, the weekday, then the date', () => {
    expect(listTime('2026-03-10T09:05:00Z', now, 'UTC')).toBe('9:05 AM');
    expect(listTime('2026-03-09T09:05:00Z', now, 'UTC')).toBe('Yesterday');
    expect(listTime('2026-03-05T09:05:00Z', now, 'UTC')).toBe('Thu');
    expect(listTime('2026-01-05T09:05:00Z', now, 'UTC')).toBe('Jan 5');
    expect(listTime('2025-12-31T09:05:00Z', now, 'UTC')).toBe('Dec 31, 2025');
  });

  it('names day separators', () => {
    expect(dayLabel('2026-03-10', now, 'UTC')).toBe('Today');
    expect(dayLabel('2026-03-09', now, 'UTC')).toBe('Yesterday');
    expect(dayLabel('2026-03-02', now, 'UTC')).toBe('Monday, March 2, 2026');
  });
});

describe('attachmentProblem', () => {
  it('accepts images and PDFs up to 10 MB, five per message', () => {
    expect(attachmentProblem({ name: 'plan.PDF', size: 1000 }, 0)).toBeNull();
    expect(attachmentProblem({ name: 'photo.webp', size: 10 * 1024 * 1024 }, 4)).toBeNull();
    expect(attachmentProblem({ name: 'photo.jpg', size: 10 * 1024 * 1024 + 1 }, 0)).toBe(
      '"photo.jpg" is too large: files can be at most 10 MB.',
    );
    expect(attachmentProblem({ name: 'song.mp3', size: 10 }, 0)).toBe(
      '"song.mp3" cannot be attached: send images (JPEG, PNG, GIF, WebP) or PDF files.',
    );
    expect(attachmentProblem({ name: 'noext', size: 10 }, 0)).toMatch(/cannot be attached/);
    expect(attachmentProblem({ name: 'a.png', size: 0 }, 0)).toBe('"a.png" is empty.');
    expect(attachmentProblem({ name: 'a.png', size: 5 }, 5)).toBe('"a.png": at most 5 files per message.');
  });
});

describe('composer', () => {
  it('needs some text and at most 5000 characters', () => {
    expect(composerProblem('  \n ')).toBe('Write a message first.');
    expect(composerProblem('Hi')).toBeNull();
    expect(composerProblem('x'.repeat(5001))).toBe('Messages can be at most 5,000 characters.');
  });

  it('sends on Ctrl+Enter or ⌘+Enter, not on Enter', () => {
    expect(isSendShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });
});

describe('contextLabel', () => {
  it('names what the conversation is about', () => {
    expect(contextLabel({ kind: 'BOOKING', title: 'Private lesson, Mar 3' })).toBe(
      'Booking: Private lesson, Mar 3',
    );
    expect(contextLabel({ kind: 'INSTRUCTOR', title: 'Ines' })).toBe('Inquiry: Ines');
    expect(contextLabel({ kind: 'ORDER', title: 'DRX-1001' })).toBe('Order: DRX-1001');
  });
});
