/**
 * A server-rendered page shows its buttons before the app has adopted them (hydrated). A click on
 * one, or a form sent, in that moment is held and done again once the app is ready, instead of
 * being lost (or sending the form the browser's way). Links are left alone: they work as links.
 */
const CONTROLS =
  'button, input[type="checkbox"], input[type="radio"], select, summary, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"], [aria-haspopup]';

let ready = false;
let heldClick: HTMLElement | null = null;
let heldSubmit: HTMLFormElement | null = null;

function holdClick(event: MouseEvent): void {
  if (ready || !(event.target instanceof Element)) return;
  const control = event.target.closest<HTMLElement>(CONTROLS);
  if (!control || control.closest('a[href]')) return;
  event.preventDefault();
  event.stopPropagation();
  heldClick = control;
}

function holdSubmit(event: SubmitEvent): void {
  if (ready || !(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.stopPropagation();
  heldSubmit = event.target;
}

/** Starts holding clicks and form submissions (the entry, before the app's code is fetched). */
export function holdEarlyInput(): void {
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
}

/** The app has adopted the page: what was held is done now, on the same elements if still there. */
export function releaseEarlyInput(): void {
  if (ready) return;
  ready = true;
  document.removeEventListener('click', holdClick, true);
  document.removeEventListener('submit', holdSubmit, true);
  if (heldSubmit?.isConnected) heldSubmit.requestSubmit();
  else if (heldClick?.isConnected) heldClick.click();
  heldClick = null;
  heldSubmit = null;
}
