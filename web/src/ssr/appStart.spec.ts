import { describe, expect, it } from 'vitest';
import {
  firstUse,
  MOVE_WHEN_ALREADY_OVER,
  pointerAlreadyOver,
  pressEnded,
  startsAtOnce,
  USE_EVENTS,
  type VisitorState,
} from './appStart';

/** A page with these `data-rendered-time-zone` marks, and its entry script's data attributes. */
function page(zones: string[] = [], entryData: Record<string, string> = {}) {
  const marks = zones.map((zone) => ({ dataset: { renderedTimeZone: zone } }));
  const doc = { querySelectorAll: () => marks } as unknown as Document;
  const entry = { dataset: entryData } as unknown as HTMLElement;
  return { doc, entry };
}

function visitor(local: Record<string, string> = {}, session: Record<string, string> = {}, zone = 'UTC') {
  const store = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });
  return { local: store(local), session: store(session), timeZone: async () => zone } satisfies VisitorState;
}

describe('startsAtOnce', () => {
  it('waits for a visitor with nothing of their own in the browser', async () => {
    const { doc, entry } = page();
    expect(await startsAtOnce(doc, entry, visitor())).toBe(false);
    expect(await startsAtOnce(doc, entry, visitor({ guestModeEnabled: 'true' }))).toBe(false);
  });

  it('starts at once for a signed-in user (marked by the server)', async () => {
    const { doc, entry } = page([], { start: 'now' });
    expect(await startsAtOnce(doc, entry, visitor())).toBe(true);
  });

  it('starts at once with a guest cart, guest mode off or a parked toast', async () => {
    const { doc, entry } = page();
    expect(await startsAtOnce(doc, entry, visitor({ drx_guest_cart: '[{"id":"1"}]' }))).toBe(true);
    expect(await startsAtOnce(doc, entry, visitor({ guestModeEnabled: 'false' }))).toBe(true);
    expect(await startsAtOnce(doc, entry, visitor({}, { drx_pending_toast: '{"title":"Logged out"}' }))).toBe(
      true,
    );
  });

  it('starts at once when times were rendered in another zone than the visitor reads them in', async () => {
    const { doc, entry } = page(['UTC']);
    expect(await startsAtOnce(doc, entry, visitor({}, {}, 'UTC'))).toBe(false);
    expect(await startsAtOnce(doc, entry, visitor({}, {}, 'America/Chicago'))).toBe(true);
  });

  it('treats blocked storage as empty', async () => {
    const { doc, entry } = page();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(
      await startsAtOnce(doc, entry, { local: blocked, session: null, timeZone: async () => 'UTC' }),
    ).toBe(false);
  });
});

describe('firstUse', () => {
  it.each(USE_EVENTS)('resolves at the first %s and stops listening', async (type) => {
    const target = new EventTarget();
    let used = 0;
    const waiting = firstUse(target).then(() => (used += 1));
    await Promise.resolve();
    expect(used).toBe(0);
    target.dispatchEvent(new Event(type));
    await waiting;
    target.dispatchEvent(new Event(type));
    expect(used).toBe(1);
  });

  it('takes a move of a pointer that was over the page already as a use, and only then', async () => {
    const settled = async (waiting: Promise<unknown>) =>
      Promise.race([waiting.then(() => 'used'), new Promise((r) => setTimeout(() => r('waiting'), 10))]);
    const over = new EventTarget();
    const overUse = firstUse(over, undefined, true);
    over.dispatchEvent(new Event(MOVE_WHEN_ALREADY_OVER));
    expect(await settled(overUse)).toBe('used');

    const outside = new EventTarget();
    const outsideUse = firstUse(outside);
    outside.dispatchEvent(new Event(MOVE_WHEN_ALREADY_OVER));
    expect(await settled(outsideUse)).toBe('waiting');
    outside.dispatchEvent(new Event('mouseover'));
    expect(await settled(outsideUse)).toBe('used');
  });

  it('tells a pointer already over the page by the hover state', () => {
    const hovered = { querySelector: (s: string) => (s === ':hover' ? ({} as Element) : null) };
    expect(pointerAlreadyOver(hovered)).toBe(true);
    expect(pointerAlreadyOver({ querySelector: () => null })).toBe(false);
  });
});

describe('pressEnded', () => {
  it.each(['click', 'pointercancel', 'keyup'])(
    'waits for a press begun by the first use to end (%s)',
    async (end) => {
      const target = new EventTarget();
      let ended = false;
      const waiting = pressEnded(target, new Event('pointerdown'), 10_000).then(() => (ended = true));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(ended).toBe(false);
      target.dispatchEvent(new Event(end));
      await waiting;
      expect(ended).toBe(true);
    },
  );

  it('waits no longer than it is told', async () => {
    const started = performance.now();
    expect(await pressEnded(new EventTarget(), new Event('touchstart'), 30)).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('does not wait after a first use that is no press', async () => {
    let ended = false;
    const waiting = pressEnded(new EventTarget(), new Event('scroll'), 10_000);
    void waiting.then(() => (ended = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(ended).toBe(true);
    expect(await waiting).toBe(false);
  });
});
