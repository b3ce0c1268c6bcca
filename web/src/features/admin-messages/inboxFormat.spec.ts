import { describe, expect, it } from 'vitest';
import { excerpt, filterVariables, filtersFromParams, paramsWithFilters, threadOf } from './inboxFormat';

describe('filters in the URL', () => {
  it('reads known values and ignores the rest', () => {
    expect(filtersFromParams(new URLSearchParams('status=OPEN&kind=REPORT&mine=1&q=%20refund%20'))).toEqual({
      status: 'OPEN',
      kind: 'REPORT',
      assignedToMe: true,
      search: 'refund',
    });
    expect(filtersFromParams(new URLSearchParams('status=open&kind=spam&mine=yes'))).toEqual({
      status: null,
      kind: null,
      assignedToMe: false,
      search: '',
    });
  });

  it('writes changes, drops empty ones and keeps the open item', () => {
    const start = new URLSearchParams('item=abc&status=NEW&q=old');
    const next = paramsWithFilters(start, { status: null, assignedToMe: true, search: '  ' });
    expect(next.toString()).toBe('item=abc&mine=1');
    expect(start.toString()).toBe('item=abc&status=NEW&q=old');
    expect(paramsWithFilters(next, { kind: 'CONTACT', assignedToMe: false }).toString()).toBe(
      'item=abc&kind=CONTACT',
    );
  });

  it('sends null for filters that are off', () => {
    expect(filterVariables({ status: null, kind: 'CONTACT', assignedToMe: false, search: '' })).toEqual({
      status: null,
      kind: 'CONTACT',
      assignedToMe: null,
      search: null,
    });
  });
});

describe('excerpt', () => {
  it('joins lines and cuts long text with an ellipsis', () => {
    expect(excerpt('  Hello\n\nthere  ')).toBe('Hello there');
    expect(excerpt('abcdefghij', 6)).toBe('abcde…');
    expect(excerpt('abcdef', 6)).toBe('abcdef');
  });
});

describe('threadOf', () => {
  const entries = [
    {
      id: 'r',
      kind: 'REPLY' as const,
      body: 'Yes we do.',
      mailId: 'm1',
      createdAt: '2026-11-27T10:05:00Z',
      author: { displayName: 'Ada Admin' },
    },
    { id: 'n', kind: 'NOTE' as const, body: 'Ask Lena.', createdAt: '2026-11-27T10:01:00Z', author: null },
  ];

  it('puts the contact message first, then notes and replies oldest first', () => {
    const thread = threadOf({
      kind: 'CONTACT',
      body: 'Do you teach groups?',
      name: 'Gia Guest',
      email: 'gia@example.com',
      createdAt: '2026-11-27T09:00:00Z',
      entries,
    });
    expect(thread.map((e) => [e.type, e.who, e.label])).toEqual([
      ['original', 'Gia Guest', 'wrote'],
      ['note', 'Former staff member', 'noted (staff only)'],
      ['reply', 'Ada Admin', 'replied by mail'],
    ]);
    expect(thread[2]).toMatchObject({ body: 'Yes we do.', mailId: 'm1' });
  });

  it('names the reporter of a report and falls back to the address for a nameless sender', () => {
    expect(
      threadOf({
        kind: 'REPORT',
        body: 'spam',
        createdAt: '2026-11-27T09:00:00Z',
        user: { displayName: 'Mia' },
        entries: [],
      })[0].who,
    ).toBe('Mia reported');
    expect(
      threadOf({
        kind: 'CONTACT',
        body: 'x',
        name: ' ',
        email: 'a@b.co',
        createdAt: '2026-11-27T09:00:00Z',
        entries: [],
      })[0].who,
    ).toBe('a@b.co');
  });
});
