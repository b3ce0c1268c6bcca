/**
 * A server-rendered page shows its buttons and fields before the app has adopted them (hydrated).
 * What a visitor does in that moment is kept and done again, in order, once the app is ready,
 * instead of being lost (or sending a form the browser's way): text typed and options chosen are
 * handed to the app, then each button pressed, Enter pressed in a field and form sent is replayed.
 * Links are left alone: they work as links. A press the entry can do itself (a guest's Add to
 * Cart: earlyCart.ts) is done at once instead, and not kept, and so is a catalogue's filter chosen
 * or search sent (earlyFilters.ts: the entry goes to the filtered page; nothing is then replayed).
 * A kept press shows at once that it was taken: the control looks pressed and busy (`aria-busy`, a
 * spinner: earlyStyles.ts) until the app does it.
 */
import { handEarlyCartToApp } from './earlyCartDropdown';
import { EARLY_ISLAND } from './earlyDialog';

const CONTROLS =
  'button, input[type="checkbox"], input[type="radio"], summary, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"], [aria-haspopup]';
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password']);
/** At most this many actions are kept (the last ones). */
const MAX_HELD = 5;

type Held =
  | { kind: 'click'; target: HTMLElement }
  | { kind: 'enter'; field: HTMLInputElement }
  | { kind: 'submit'; form: HTMLFormElement };

let ready = false;
/** The entry is taking the visitor to another page (earlyFilters.ts): nothing is replayed here. */
let leaving = false;
const held: Held[] = [];
/**
 * Boxes ticked and options chosen (each with its state after the press): the browser shows them at
 * once (not kept), and React is told of them once ready (`choose`).
 */
const toggled = new Map<HTMLInputElement, boolean>();
const TOGGLES = 'input[type="checkbox"], input[type="radio"]';
/** The controls shown busy, with what their aria-busy was. */
const pending = new Map<HTMLElement, string | null>();
/**
 * What the entry does itself: a press (`click`), a choice (`change`), Enter in a field (`keydown`)
 * or a form sent (`submit`) on `control`; true when done (then it is not kept).
 */
export type DoItself = (control: HTMLElement, event: Event) => boolean;
let doItself: DoItself = () => false;
/** What the entry drew itself works on its own (its menus: earlyMenu.ts). */
const inIsland = (target: Element) => !!target.closest(`[${EARLY_ISLAND}]`);

/**
 * The events React answers by adopting the page at once: a "discrete" event (a press, a key, text
 * typed) on a part React has not adopted yet makes it finish adopting that part — for the page's
 * root, the whole page — synchronously, in the event's task, before the event goes on. On a
 * slowed phone that was one task of ≈ 2 s right at a tap made while the app was adopting the page
 * (after a scroll had started it), and the tap's own click waited behind it. Until the app is
 * ready these never reach React's root (stopped on the document, before it): the press is done by
 * the entry or kept and replayed (below), text typed is handed over afterwards, and React adopts
 * the page in its own small slices meanwhile. Their default actions (focus, typing, scrolling,
 * selecting) are untouched.
 */
const ADOPTING_EVENTS = [
  'pointerdown',
  'pointerup',
  'pointercancel',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'touchcancel',
  'keyup',
  'keypress',
  'input',
  'beforeinput',
  'compositionstart',
  'compositionend',
  'dblclick',
  'auxclick',
  'contextmenu',
  'copy',
  'cut',
  'paste',
  'dragstart',
  'dragend',
  'drop',
] as const;

/** Whether an event's target is React's to adopt (inside its root, not the entry's own islands). */
function forReact(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return !inIsland(target) && !!document.getElementById('root')?.contains(target);
}

/** Keeps an event away from React's root until it is ready (see ADOPTING_EVENTS). */
function shield(event: Event): void {
  if (!ready && forReact(event.target)) event.stopPropagation();
}

/** Shows a control pressed and busy until the app does its press (the look: earlyStyles.ts). */
function markPending(control: HTMLElement | null | undefined): void {
  if (!control || pending.has(control)) return;
  pending.set(control, control.getAttribute('aria-busy'));
  // The spinner in the control's own colour (its text is hidden meanwhile): a style property, as
  // the CSP allows, not a style attribute.
  control.style.setProperty('--drx-early-color', getComputedStyle(control).color);
  control.setAttribute('aria-busy', 'true');
  control.dataset.earlyPending = '';
}

function clearPending(): void {
  for (const [control, busy] of pending) {
    delete control.dataset.earlyPending;
    control.style.removeProperty('--drx-early-color');
    if (busy === null) control.removeAttribute('aria-busy');
    else control.setAttribute('aria-busy', busy);
  }
  pending.clear();
}

function hold(event: Event, action: Held, control: HTMLElement | null | undefined): void {
  event.preventDefault();
  event.stopPropagation();
  held.push(action);
  if (held.length > MAX_HELD) held.shift();
  // Shown while the app starts: the pointer says it is coming (a style property, allowed by the CSP).
  document.documentElement.style.cursor = 'progress';
  markPending(control);
}

function onClick(event: MouseEvent): void {
  if (ready || !(event.target instanceof Element)) return;
  const target = event.target.closest<HTMLElement>(CONTROLS);
  // A link works as a link; what the entry drew itself (its menu: earlyMenu.ts) works on its own.
  if (!target || target.closest('a[href]') || inIsland(target)) return shield(event);
  if (target instanceof HTMLInputElement && target.matches(TOGGLES)) {
    toggled.delete(target);
    toggled.set(target, target.checked); // already the new state when the click is dispatched
    return shield(event);
  }
  if (doItself(target, event)) {
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  hold(event, { kind: 'click', target }, target);
}

function onKeyDown(event: KeyboardEvent): void {
  const field = event.target;
  if (ready) return;
  if (event.key !== 'Enter' || !(field instanceof HTMLInputElement) || !TEXT_TYPES.has(field.type))
    return shield(event);
  if (inIsland(field)) return;
  if (doItself(field, event)) {
    // Enter's default (sending the form) is the entry's now.
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  hold(
    event,
    { kind: 'enter', field },
    field.form?.querySelector<HTMLElement>('button[type="submit"]') ?? field,
  );
}

function onSubmit(event: SubmitEvent): void {
  if (ready || !(event.target instanceof HTMLFormElement) || inIsland(event.target)) return;
  if (doItself(event.target, event)) {
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
  hold(event, { kind: 'submit', form: event.target }, submitter ?? event.target);
}

/** A choice in a select or a box changed: the browser shows it; the entry may apply it itself. */
function onChange(event: Event): void {
  const field = event.target;
  if (ready || !(field instanceof HTMLElement) || inIsland(field)) return;
  // Done (the page is being left): React, adopting the page meanwhile, must not hear of it; nor of a
  // choice it is told of once ready (replayFieldValues, the toggles above).
  if (doItself(field, event)) event.stopPropagation();
  else shield(event);
}

/** The entry is taking the visitor to another page: what was kept is not done here when the app comes. */
export function leavingPage(): void {
  leaving = true;
  document.documentElement.style.cursor = 'progress';
}

/**
 * Text typed and options chosen are in the fields but not in the app's state: tell React, as if
 * done now. A text field is set through the element first (React's value tracker then holds the
 * server's value), then through the prototype's setter, so React sees a change.
 */
function replayFieldValues(): void {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of document.querySelectorAll('select')) {
    if ([...select.options].some((option) => option.selected !== option.defaultSelected)) {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

function replay(action: Held): void {
  if (action.kind === 'click') {
    if (action.target.isConnected) action.target.click();
  } else if (action.kind === 'submit') {
    if (action.form.isConnected) action.form.requestSubmit();
  } else if (action.field.isConnected) {
    const enter = new KeyboardEvent('keydown', {
      key: 'Enter',
      code: 'Enter',
      bubbles: true,
      cancelable: true,
    });
    // Unhandled, Enter in a form's field sends the form (the browser's default, done by hand).
    if (action.field.dispatchEvent(enter)) action.field.form?.requestSubmit();
  }
}

/**
 * Starts keeping what the visitor does (the entry, before the app's code is fetched); `itself` does
 * a press at once when it can (true: done, not kept).
 */
export function holdEarlyInput(itself?: DoItself): void {
  if (itself) doItself = itself;
  listen('addEventListener');
}

/** The document's listeners that keep input (capture phase). */
function listen(method: 'addEventListener' | 'removeEventListener'): void {
  for (const type of ADOPTING_EVENTS) document[method](type, shield, true);
  document[method]('click', onClick as EventListener, true);
  document[method]('keydown', onKeyDown as EventListener, true);
  document[method]('submit', onSubmit as EventListener, true);
  document[method]('change', onChange, true);
}

/** Input goes to the app from now on. */
function handOver(): void {
  ready = true;
  listen('removeEventListener');
}

/**
 * The app has adopted the page: what was kept is done now, on the same elements if still there. A
 * member's cart dropdown the entry opened becomes the app's own first (earlyCartDropdown.ts). All
 * in this task: text typed is handed over at once (a render of React's before would put back the
 * value it knows), the rest in a microtask after React's render of it; a tap that came in a task
 * between reached the app before the choices made earlier, and was undone by them.
 */
export function releaseEarlyInput(): void {
  if (ready) return;
  handOver();
  handEarlyCartToApp();
  // The page is being left for the one the visitor asked for: nothing to hand to the app here.
  if (leaving) return void (document.documentElement.dataset.appReady = '');
  document.documentElement.style.removeProperty('cursor');
  clearPending();
  replayFieldValues();
  const choices = [...toggled];
  const actions = held.splice(0);
  toggled.clear();
  // After React has rendered the values (its updates land before this microtask), so an Enter or
  // a submit reads the text typed before it.
  // The choices in the order made: a box ends on its last state, a radio group on its last pick.
  // Adopting the page, React keeps a box as the browser shows it and takes that as the value it
  // knows, while its state is still the server's: a plain press on a box showing the visitor's
  // choice would be no change to React, and its next render would put the server's choice back.
  // So each is set the other way through the element first (React's value tracker then holds
  // that), then pressed: React sees the choice made, whatever it has drawn meanwhile.
  queueMicrotask(() => {
    for (const [field, checked] of choices) {
      if (field.disabled) continue;
      field.checked = !checked;
      field.click();
    }
    actions.forEach(replay);
    // What waits for the app (tests, tools) can tell it has adopted the page and done what was kept.
    document.documentElement.dataset.appReady = '';
  });
}
