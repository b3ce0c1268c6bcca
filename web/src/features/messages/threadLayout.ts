/** The parts of a message the thread's layout needs. */
export interface LayoutMessage {
  id: string;
  /** An ISO-8601 instant (the graph's DateTimeISO, typed `unknown` by codegen). */
  createdAt: unknown;
  mine: boolean;
  seenAt?: unknown;
  sender: { id: string };
}

const instant = (value: unknown) => Date.parse(String(value));

/** Messages from one sender within this many minutes of each other share one name and time line. */
export const GROUP_GAP_MINUTES = 5;

export interface MessageGroup<M extends LayoutMessage> {
  key: string;
  senderId: string;
  mine: boolean;
  /** The first message's time (ISO-8601). */
  startedAt: string;
  messages: M[];
}

export interface DayBlock<M extends LayoutMessage> {
  /** The local calendar day, yyyy-mm-dd. */
  day: string;
  groups: MessageGroup<M>[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of an instant (in the browser's zone, or the zone given), yyyy-mm-dd. */
export function localDay(iso: string | Date, timeZone?: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (!timeZone) return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * Merges loaded messages with newly loaded ones: one entry per id (the newer copy wins, so a
 * message's `seenAt` updates), oldest first.
 */
export function mergeMessages<M extends LayoutMessage>(loaded: readonly M[], incoming: readonly M[]): M[] {
  const byId = new Map<string, M>();
  for (const message of loaded) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => instant(a.createdAt) - instant(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/**
 * Lays a thread out by local day, and within a day in runs of one sender's messages no more than
 * {@link GROUP_GAP_MINUTES} apart. Expects the messages oldest first.
 */
export function groupMessages<M extends LayoutMessage>(
  messages: readonly M[],
  timeZone?: string,
): DayBlock<M>[] {
  const days: DayBlock<M>[] = [];
  for (const message of messages) {
    const day = localDay(String(message.createdAt), timeZone);
    let block = days[days.length - 1];
    if (!block || block.day !== day) {
      block = { day, groups: [] };
      days.push(block);
    }
    const group = block.groups[block.groups.length - 1];
    const previous = group?.messages[group.messages.length - 1];
    const closeEnough =
      previous && instant(message.createdAt) - instant(previous.createdAt) <= GROUP_GAP_MINUTES * 60_000;
    if (group && group.senderId === message.sender.id && closeEnough) {
      group.messages.push(message);
    } else {
      block.groups.push({
        key: message.id,
        senderId: message.sender.id,
        mine: message.mine,
        startedAt: String(message.createdAt),
        messages: [message],
      });
    }
  }
  return days;
}

/**
 * Where "Seen" goes: under my latest message that every other participant has read (the server
 * sets `seenAt` on my messages only), whatever came after it. Null when none of mine was seen.
 */
export function seenMessageId(messages: readonly LayoutMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.mine && message.seenAt) return message.id;
  }
  return null;
}

/** The parts of a message page's PageInfo that paging back needs. */
export interface MessagePageInfo {
  hasPreviousPage: boolean;
  startCursor?: string | null;
}

/**
 * The `before` cursor of the page of older messages, or null when this page starts the thread.
 * A page holds its messages oldest first; older ones are before its first (startCursor).
 */
export function olderPageCursor(pageInfo: MessagePageInfo): string | null {
  return pageInfo.hasPreviousPage && pageInfo.startCursor ? pageInfo.startCursor : null;
}
