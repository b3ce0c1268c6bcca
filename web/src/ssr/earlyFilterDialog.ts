/**
 * The phones' "Filters" button of a catalogue before the app is here (issue 30). On a phone the
 * app shows the filters in a drawer; the server has already rendered the same panel in the page's
 * aside (hidden on phones), so the entry opens, at the tap, a dialog of its own (earlyDialog.ts)
 * holding a copy of that panel — the same selects, labels and look, its ids made its own — and a
 * "Show …" button. Choices are applied together, as a phone user expects of a filter sheet: "Show
 * …", Escape, Close or a press beside it go to the filtered page (earlyFilters.ts: the results
 * show they are being updated meanwhile); with nothing changed they only close it. The button
 * carries what it needs: `data-early-filters` (the id of the rendered panel) and
 * `data-early-filters-apply` (the label of the button that shows the results).
 */
import { showEarlyDialog } from './earlyDialog';
import {
  applyCatalogChanges,
  catalogOf,
  CATALOG_SELECTOR,
  EARLY_FILTERS_DIALOG_ID as DIALOG_ID,
} from './earlyFilters';

/** The rendered panel's "Clear filters" button (its press clears the copy's selects). */
const CLEAR = '[data-filter-clear]';
const REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/**
 * A copy of what the rendered panel holds (not the panel, hidden on phones) with ids of its own
 * (`early-…`), its references among them renamed too, and the values its fields show now.
 */
function copyOf(panel: HTMLElement): HTMLElement {
  const copy = document.createElement('div');
  copy.append(...[...panel.children].map((child) => child.cloneNode(true)));
  // The page's style elements (rendered beside what they style) already apply: not copied.
  for (const style of copy.querySelectorAll('style')) style.remove();
  const renamed = new Map<string, string>();
  for (const element of copy.querySelectorAll<HTMLElement>('[id]')) {
    renamed.set(element.id, `early-${element.id}`);
    element.id = `early-${element.id}`;
  }
  for (const attribute of REFERENCES) {
    for (const element of copy.querySelectorAll(`[${attribute}]`)) {
      const ids = element.getAttribute(attribute)!.split(/\s+/);
      element.setAttribute(attribute, ids.map((id) => renamed.get(id) ?? id).join(' '));
    }
  }
  const fields = panel.querySelectorAll<HTMLSelectElement | HTMLInputElement>('select, input');
  copy.querySelectorAll<HTMLSelectElement | HTMLInputElement>('select, input').forEach((field, i) => {
    if (fields[i]) field.value = fields[i].value;
  });
  return copy;
}

/** Opens the filters of the catalogue `trigger` belongs to; false leaves the press to the app. */
export function openEarlyFilters(trigger: HTMLElement): boolean {
  const catalog = catalogOf(trigger);
  const panel = trigger.dataset.earlyFilters ? document.getElementById(trigger.dataset.earlyFilters) : null;
  if (!catalog || !panel) return false;
  if (document.getElementById(DIALOG_ID)) return true;

  const filters = copyOf(panel);
  const sheet = document.createElement('div');
  sheet.className = 'drx-early-menu-panel drx-early-filters-panel';
  const heading = filters.querySelector('h1, h2, h3');
  if (heading?.id) sheet.setAttribute('aria-labelledby', heading.id);
  else sheet.setAttribute('aria-label', 'Filters');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'drx-early-menu-close';
  close.setAttribute('aria-label', 'Close');
  close.textContent = '×';
  const show = document.createElement('button');
  show.type = 'button';
  show.className = 'drx-early-menu-button drx-early-menu-solid drx-early-filters-show';
  show.textContent = trigger.dataset.earlyFiltersApply || 'Show results';
  sheet.append(filters, show, close);

  // Choices made here are applied together; with none, the page stays as it is.
  const apply = (dialog: { close: () => void }) => {
    dialog.close();
    // The region around the button holds the search: text typed there goes along.
    const region = trigger.closest(CATALOG_SELECTOR);
    applyCatalogChanges(catalog, region ? [region, filters] : [filters]);
  };
  const dialog = showEarlyDialog(DIALOG_ID, sheet, trigger, apply);
  close.addEventListener('click', () => apply(dialog));
  show.addEventListener('click', () => apply(dialog));
  filters.querySelector(CLEAR)?.addEventListener('click', () => {
    for (const select of filters.querySelectorAll('select')) select.value = '';
  });
  (filters.querySelector<HTMLElement>('select') ?? close).focus();
  return true;
}
