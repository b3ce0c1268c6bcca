/** Pure helpers of the staff inbox page (/admin/messages): filters in the URL, labels, the thread. */
import type { InboxEntryKind, InboxItemKind, InboxStatus } from '../../gql/graphql';

export const STATUS_LABELS: Record<InboxStatus, string> = {
  NEW: 'New',
  OPEN: 'Open',
  ANSWERED: 'Answered',
  ARCHIVED: 'Archived',
};

export const STATUS_PALETTES: Record<InboxStatus, string> = {
  NEW: 'blue',
  OPEN: 'orange',
  ANSWERED: 'green',
  ARCHIVED: 'gray',
};

export const KIND_LABELS: Record<InboxItemKind, string> = {
  CONTACT: 'Contact message',
  REPORT: 'Message report',
};

export const STATUSES = Object.keys(STATUS_LABELS) as InboxStatus[];
export const KINDS = Object.keys(KIND_LABELS) as InboxItemKind[];

export interface InboxFilters {
  status: InboxStatus | null;
  kind: InboxItemKind | null;
  assignedToMe: boolean;
  search: string;
}

const isStatus = (value: string | null): value is InboxStatus => !!value && value in STATUS_LABELS;
const isKind = (value: string | null): value is InboxItemKind => !!value && value in KIND_LABELS;

/** The filters a URL holds (`?status=NEW&kind=REPORT&mine=1&q=…`); unknown values are ignored. */
export function filtersFromParams(params: URLSearchParams): InboxFilters {
  const status = params.get('status');
  const kind = params.get('kind');
  return {
    status: isStatus(status) ? status : null,
    kind: isKind(kind) ? kind : null,
    assignedToMe: params.get('mine') === '1',
    search: params.get('q')?.trim() ?? '',
  };
}

/** `params` with `changes` applied (empty values removed); other parameters (the open item) stay. */
export function paramsWithFilters(params: URLSearchParams, changes: Partial<InboxFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('status' in changes) set('status', changes.status ?? null);
  if ('kind' in changes) set('kind', changes.kind ?? null);
  if ('assignedToMe' in changes) set('mine', changes.assignedToMe ? '1' : null);
  if ('search' in changes) set('q', changes.search?.trim() || null);
  return next;
}

/** The list's query variables for the filters. */
export function filterVariables(filters: InboxFilters) {
  return {
    status: filters.status,
    kind: filters.kind,
    assignedToMe: filters.assignedToMe || null,
    search: filters.search || null,
  };
}

/** The first line of `text`, cut to `max` characters with an ellipsis. */
export function excerpt(text: string, max = 120): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export interface ThreadSource {
  kind: InboxItemKind;
  body: string;
  name?: string | null;
  email?: string | null;
  /** DateTimeISO (codegen types it unknown). */
  createdAt: unknown;
  user?: { displayName: string } | null;
  entries: {
    id: string;
    kind: InboxEntryKind;
    body: string;
    mailId?: string | null;
    createdAt: unknown;
    author?: { displayName: string } | null;
  }[];
}

export interface ThreadEntry {
  key: string;
  type: 'original' | 'note' | 'reply';
  /** Who wrote it, in words. */
  who: string;
  /** What it is, in words: "wrote", "noted (staff only)", "replied by mail". */
  label: string;
  body: string;
  at: string;
  mailId: string | null;
}

/** The thread of an item: the original message first, then notes and replies in time order. */
export function threadOf(item: ThreadSource): ThreadEntry[] {
  const sender =
    item.kind === 'CONTACT'
      ? item.name?.trim() || item.email || 'The sender'
      : item.user?.displayName
        ? `${item.user.displayName} reported`
        : 'A member reported';
  const original: ThreadEntry = {
    key: 'original',
    type: 'original',
    who: sender,
    label: item.kind === 'CONTACT' ? 'wrote' : 'this message',
    body: item.body,
    at: String(item.createdAt),
    mailId: null,
  };
  const entries = [...item.entries]
    .sort((a, b) => Date.parse(String(a.createdAt)) - Date.parse(String(b.createdAt)))
    .map<ThreadEntry>((entry) => ({
      key: entry.id,
      type: entry.kind === 'REPLY' ? 'reply' : 'note',
      who: entry.author?.displayName ?? 'Former staff member',
      label: entry.kind === 'REPLY' ? 'replied by mail' : 'noted (staff only)',
      body: entry.body,
      at: String(entry.createdAt),
      mailId: entry.mailId ?? null,
    }));
  return [original, ...entries];
}
