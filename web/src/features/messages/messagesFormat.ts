import { localDay } from './threadLayout';

/** The inbox's areas: every member's, the instructor area's and the seller area's (same inbox). */
export const MESSAGES_BASE_PATHS = ['/instructor/messages', '/seller/messages', '/messages'] as const;
export type MessagesBasePath = (typeof MESSAGES_BASE_PATHS)[number];

/** The inbox a path belongs to, so links stay in the area (and layout) the user is in. */
export function messagesBasePath(pathname: string): MessagesBasePath {
  return (
    MESSAGES_BASE_PATHS.find((base) => pathname === base || pathname.startsWith(`${base}/`)) ?? '/messages'
  );
}

/** A conversation's page in an inbox. */
export function conversationPath(base: MessagesBasePath | string, conversationId: string): string {
  return `${base}/${encodeURIComponent(conversationId)}`;
}

/** The header icon's accessible name. */
export function unreadLabel(count: number): string {
  return `Messages, ${count} unread`;
}

/** A count for a small badge: 1–99, then "99+". */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

const dayDiff = (day: string, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);

/**
 * A conversation's last activity in the list: the time today, "Yesterday", the weekday within a
 * week, the date this year, else the date with the year.
 */
export function listTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(iso);
  const diff = dayDiff(localDay(date, timeZone), localDay(now, timeZone));
  const zone = timeZone ? { timeZone } : {};
  if (diff <= 0)
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...zone }).format(date);
  if (diff === 1) return 'Yesterday';
  if (diff < 7) return new Intl.DateTimeFormat('en-US', { weekday: 'short', ...zone }).format(date);
  const sameYear = localDay(date, timeZone).slice(0, 4) === localDay(now, timeZone).slice(0, 4);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...zone,
  }).format(date);
}

/** A day separator in a thread: "Today", "Yesterday", else e.g. "Monday, March 3, 2026". */
export function dayLabel(day: string, now: Date = new Date(), timeZone?: string): string {
  const diff = dayDiff(day, localDay(now, timeZone));
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** A message's time of day, e.g. "3:07 PM". */
export function messageTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** "2.4 MB", "900 KB", "12 bytes". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The longest message the server takes. */
export const MESSAGE_MAX_LENGTH = 5000;
/** Attachments: images or PDF, each at most 10 MB, at most 5 per message (the server checks again by content). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_COUNT = 5;
const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf'];
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';

/** Why a picked file cannot be attached (checked before it is sent), or null when it may go. */
export function attachmentProblem(
  file: { name: string; size: number },
  alreadyAttached: number,
): string | null {
  if (alreadyAttached >= ATTACHMENT_MAX_COUNT) {
    return `"${file.name}": at most ${ATTACHMENT_MAX_COUNT} files per message.`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!ATTACHMENT_EXTENSIONS.includes(ext)) {
    return `"${file.name}" cannot be attached: send images (JPEG, PNG, GIF, WebP) or PDF files.`;
  }
  if (file.size > ATTACHMENT_MAX_BYTES) return `"${file.name}" is too large: files can be at most 10 MB.`;
  return null;
}

/** What a message box's text would send, or why it cannot be sent yet. */
export function composerProblem(body: string): string | null {
  if (!body.trim()) return 'Write a message first.';
  if (body.length > MESSAGE_MAX_LENGTH) {
    return `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`;
  }
  return null;
}

/** Ctrl+Enter (⌘+Enter on a Mac) sends; Enter alone starts a new line. */
export function isSendShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey?: boolean;
}) {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.shiftKey;
}

/** A message's first line for the inbox list, shortened. */
export function preview(body: string, max = 90): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The names of the other people in a conversation, e.g. "Ines" or "Ines, Sam and Lee". */
export function peopleNames(people: readonly { displayName: string }[]): string {
  const names = people.map((p) => p.displayName);
  if (names.length === 0) return 'Only you';
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const CONTEXT_KIND_LABEL: Record<string, string> = {
  BOOKING: 'Booking',
  RESOURCE: 'Resource',
  ORDER: 'Order',
  INSTRUCTOR: 'Inquiry',
};

/** A conversation’s context as a short line, e.g. "Booking: Private lesson, Mar 3" or "Inquiry: Ines". */
export function contextLabel(context: { kind: string; title: string }): string {
  return `${CONTEXT_KIND_LABEL[context.kind] ?? 'About'}: ${context.title}`;
}
