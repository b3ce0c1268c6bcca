/**
 * A catalogue's filters, sort and search before the app is here (issue 30): on /courses,
 * /curriculum and /shop the page marks the region of its filters (`data-catalog="courses"`) and its
 * results (`data-catalog-results`). A filter or sort chosen, a price bound changed or a search sent
 * (Enter, or the form sent) is applied by the page's entry at once: the results show they are being
 * updated (`aria-busy`, dimmed, "Updating results…" said and shown), and the browser goes to the same
 * page with the filters in the URL — the app's own URL (ssr/catalogUrl.ts), which the server renders
 * filtered and serves guests from its shared cache. The choice is then not the app's to do again
 * (earlyInput.ts is told the page is being left). Text typed in the search without sending it is
 * handed to the app as before; once the app has adopted the page its own handlers do everything.
 */
import { type Catalog, catalogQuery, isCatalog } from './catalogUrl';
import { leavingPage } from './earlyInput';

/** The region of a catalogue's filters (its value: the catalogue, see catalogUrl.ts). */
export const CATALOG_SELECTOR = '[data-catalog]';
const RESULTS = '[data-catalog-results]';
/** A catalogue's phones-only Filters button (CoursesPage marks it: earlyFilterDialog.ts). */
export const EARLY_FILTERS_SELECTOR = 'button[data-early-filters]';
/** The entry's own filter dialog on phones (earlyFilterDialog.ts). */
export const EARLY_FILTERS_DIALOG_ID = 'drx-early-filters';
const STATUS_ID = 'drx-early-status';
/** The fields whose values count: the names are the URL's parameters. */
const FIELDS = 'select[name], input[name]';

type Field = HTMLSelectElement | HTMLInputElement;

/** The catalogue a control is a filter of, or null. */
export function catalogOf(control: Element): Catalog | null {
  const name = control.closest<HTMLElement>(CATALOG_SELECTOR)?.dataset.catalog;
  return isCatalog(name) ? name : null;
}

function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

/** The fields of `scopes` whose value differs from the page's, as URL changes (name, value). */
export function fieldChanges(scopes: Iterable<ParentNode>): [string, string][] {
  const changes: [string, string][] = [];
  for (const scope of scopes) {
    for (const field of scope.querySelectorAll<Field>(FIELDS)) {
      if (changed(field)) changes.push([field.name, field.value]);
    }
  }
  return changes;
}

/** The live region saying the results are being updated (outside React's root: its own node). */
function status(): HTMLElement {
  let region = document.getElementById(STATUS_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = STATUS_ID;
    region.setAttribute('role', 'status');
    document.body.append(region);
  }
  return region;
}

/** Adds the (empty) live region early, so a screen reader hears what is later put in it. */
export function prepareEarlyFilters(): void {
  if (document.querySelector(CATALOG_SELECTOR)) status();
}

/** Shows the results as being updated: busy, dimmed, and said (earlyStyles.ts draws it). */
function showUpdating(): void {
  const results = document.querySelector<HTMLElement>(RESULTS);
  if (results) {
    results.setAttribute('aria-busy', 'true');
    results.dataset.earlyUpdating = '';
  }
  const region = status();
  region.textContent = 'Updating results…';
  // Should the page stay after all (the visitor stopped the navigation), it looks itself again.
  setTimeout(() => {
    results?.removeAttribute('aria-busy');
    if (results) delete results.dataset.earlyUpdating;
    region.textContent = '';
  }, 15_000);
}

/**
 * Goes to the catalogue's page with the changes of `scopes`' fields applied to the URL's filters,
 * showing the results busy meanwhile. False when that is the page already shown (nothing to do).
 */
export function applyCatalogChanges(catalog: Catalog, scopes: Iterable<ParentNode>): boolean {
  const query = catalogQuery(catalog, location.search, fieldChanges(scopes));
  if (query === location.search || (query === '' && location.search === '?')) return false;
  showUpdating();
  leavingPage();
  // As the app does (its filters replace the URL): the page before is not a step back.
  location.replace(`${location.pathname}${query}`);
  return true;
}

/**
 * Does a catalogue's filter event itself, before the app (true: done, or nothing to do — either way
 * not the app's): a choice in a select or a price box changed (`change`), Enter in a field, the
 * search form sent. Text typed in the search (its `change` as it loses focus) is the app's.
 */
export function applyEarlyFilter(control: HTMLElement, event: Event): boolean {
  const catalog = catalogOf(control);
  if (!catalog) return false;
  const region = control.closest(CATALOG_SELECTOR)!;
  if (event.type === 'change') {
    if (!(
      control instanceof HTMLSelectElement ||
      (control instanceof HTMLInputElement && control.type === 'number')
    ))
      return false;
  } else if (event.type !== 'keydown' && event.type !== 'submit') {
    return false;
  }
  applyCatalogChanges(catalog, [region]);
  return true;
}

/**
 * A use of the page that needs no app: on a catalogue's select, its phones' Filters button or the
 * entry's filter dialog — what is done there is applied by going to another page, so fetching the
 * app then would only compete with that page for the network and a phone's CPU.
 */
export function needsNoApp(event: Event): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest(`#${EARLY_FILTERS_DIALOG_ID}, ${EARLY_FILTERS_SELECTOR}`)) return true;
  return target instanceof HTMLSelectElement && catalogOf(target) !== null;
}
