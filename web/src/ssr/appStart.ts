/**
 * When the app starts on a page the server rendered. The page is whole without it (text, images,
 * links that are links, styles), so for a visitor with nothing of their own in the browser the app
 * is fetched and adopts the page at their first sign of use — a touch, a scroll, a press, a key,
 * focus, the mouse over the page — not on arrival: a page only looked at costs no JavaScript, and
 * what they do first is kept and done once the app is there (earlyInput.ts). This is hydration on
 * interaction, as in Angular's incremental hydration or Astro's islands.
 *
 * The app starts at once when the page would otherwise show something not theirs: a signed-in
 * member (the server marks the entry: live notifications, their cart), a guest cart or guest mode
 * switched off in local storage, a toast parked by the page before (sign-out), or times rendered in
 * another zone than the visitor's (a `data-rendered-time-zone` mark, ui/RenderedTimeZone.tsx).
 */
import { parseGuestMode } from '../features/cart/guestMode';
import { GUEST_CART_KEY, GUEST_MODE_KEY } from '../features/cart/storageKeys';
import { PENDING_TOAST_KEY } from '../ui/pendingToast';

/** What the visitor's browser keeps that the server cannot see (tests pass their own). */
export interface VisitorState {
  local: Pick<Storage, 'getItem'> | null;
  session: Pick<Storage, 'getItem'> | null;
  /** The zone the visitor reads times in (Connect: their chosen one, else the browser's). */
  timeZone: () => Promise<string>;
}

/**
 * The first sign of use: each starts the app (listened to in the capture phase, passive). A phone's
 * first touch is mostly a scroll, so the app is usually there by the time they tap; a click, input
 * or submit without a pointer or key before it comes from assistive technology.
 */
export const USE_EVENTS = [
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'mouseover',
  'wheel',
  'scroll',
  'click',
  'input',
  'change',
  'submit',
] as const;

function read(storage: Pick<Storage, 'getItem'> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked: nothing of theirs there
  }
}

/** Whether a server-rendered page needs the app before the visitor does anything. */
export async function startsAtOnce(
  doc: Document,
  entry: HTMLElement,
  visitor: VisitorState,
): Promise<boolean> {
  if (entry.dataset.start === 'now') return true;
  if (read(visitor.local, GUEST_CART_KEY) || !parseGuestMode(read(visitor.local, GUEST_MODE_KEY)))
    return true;
  if (read(visitor.session, PENDING_TOAST_KEY)) return true;
  const zones = [...doc.querySelectorAll<HTMLElement>('[data-rendered-time-zone]')].map(
    (mark) => mark.dataset.renderedTimeZone,
  );
  if (zones.length === 0) return false;
  const zone = await visitor.timeZone();
  return zones.some((rendered) => rendered !== zone);
}

/**
 * The pointer's move over a page it was already over when the entry started (`pointerAlreadyOver`).
 * The browser sends `mouseover` when the pointer enters an element — also as the page is laid out
 * under a pointer resting on it — and that may be before this entry runs: then a visitor moving the
 * mouse within that element (a page's large frame) sent no event the entry listened to, and the app
 * was never fetched (a desktop Chromium's first page of a session: its moves all went to the
 * already-hovered frame, 2026-12-06). A move is a use only then, so a pointer that enters the page
 * later starts the app by its `mouseover`, as before.
 */
export const MOVE_WHEN_ALREADY_OVER = 'pointermove';

/** Whether the pointer is over the page already (its hover state set before the entry listened). */
export function pointerAlreadyOver(doc: Pick<Document, 'querySelector'>): boolean {
  return doc.querySelector(':hover') !== null;
}

/**
 * Resolves at the visitor's first sign of use of the page, with that event; an event `ignored`
 * says needs no app (a use the entry answers by going to another page) is not one. `alreadyOver`:
 * the pointer was over the page before this was called, so its next move is a use too.
 */
export function firstUse(
  target: EventTarget,
  ignored: (event: Event) => boolean = () => false,
  alreadyOver = false,
): Promise<Event> {
  const types: readonly string[] = alreadyOver ? [...USE_EVENTS, MOVE_WHEN_ALREADY_OVER] : USE_EVENTS;
  return new Promise((resolve) => {
    const used = (event: Event) => {
      if (ignored(event)) return;
      for (const type of types) target.removeEventListener(type, used, true);
      resolve(event);
    };
    for (const type of types) target.addEventListener(type, used, { capture: true, passive: true });
  });
}

/** The first uses that begin a press, and the events that end one. */
const PRESS_STARTS = new Set(['pointerdown', 'touchstart', 'keydown']);
const PRESS_ENDS = ['click', 'pointercancel', 'keyup'] as const;

/**
 * Resolves once the press a first use began is over (its click, or its cancel as a scroll begins,
 * or its key let go), at most `ms` later, with true; at once with false for any other first use.
 * Fetching the app takes the main thread a moment (a preload link for each of its files): started
 * after the press, it does not delay what the press shows (ssr/earlyCart.ts).
 */
export function pressEnded(target: EventTarget, first: Event, ms: number): Promise<boolean> {
  if (!PRESS_STARTS.has(first.type)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(ended, ms);
    function ended() {
      clearTimeout(timer);
      for (const type of PRESS_ENDS) target.removeEventListener(type, ended, true);
      resolve(true);
    }
    for (const type of PRESS_ENDS) target.addEventListener(type, ended, { capture: true, passive: true });
  });
}
