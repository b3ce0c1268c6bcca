import { formatCents } from '../../lib/currency';
import { parsePrice } from '../../lib/price';
import type { CatalogFilters, CourseSortValue } from './courseParams';

/** A course price from cents: "Free" for 0, else US dollars ("$149.00"). */
export function coursePriceLabel(priceCents: number): string {
  return priceCents > 0 ? formatCents(priceCents) : 'Free';
}

/** "45 min", "1 h", "2 h 5 min"; empty for 0. */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** "1 lesson", "3 lessons". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Cents from a typed price, by the spec's price rule (symbols stripped; unparseable is 0). */
export function dollarsToCents(text: string): number {
  return Math.round(parsePrice(text) * 100);
}

/** The text of a price field for an amount in cents ("" for free). */
export function centsToDollarsText(priceCents: number): string {
  return priceCents > 0 ? (priceCents / 100).toFixed(2) : '';
}

export {
  type CatalogFilters,
  COURSE_SORTS,
  type CourseSortValue,
  filtersFromParams,
  filtersToParams,
  type PriceFilter,
} from './courseParams';

/** How many filters (not search or sort) are set, for the "Filters (2)" button. */
export function activeFilterCount(filters: CatalogFilters): number {
  return [
    filters.danceStyleId,
    filters.skillLevel,
    filters.ageGroup,
    filters.categoryId,
    filters.price,
  ].filter(Boolean).length;
}

/** The graph's `CourseFilter` for the URL's filters. */
export function toCourseFilter(filters: CatalogFilters) {
  return {
    search: filters.search || null,
    danceStyleId: filters.danceStyleId || null,
    skillLevel: filters.skillLevel || null,
    ageGroup: filters.ageGroup || null,
    categoryId: filters.categoryId || null,
    price: filters.price === 'free' ? ('FREE' as const) : filters.price === 'paid' ? ('PAID' as const) : null,
  };
}

/** The sort to ask for: RELEVANCE only with a search (the server falls back too). */
export function effectiveSort(filters: CatalogFilters): CourseSortValue {
  if (filters.sort === 'RELEVANCE' && !filters.search) return 'NEWEST';
  return filters.sort || (filters.search ? 'RELEVANCE' : 'NEWEST');
}

/** Paragraphs of a plain-text description (blank lines separate them). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export interface TemplateOption {
  id: string;
  name: string;
  isDefault?: boolean;
}

/**
 * The choices of the course form's certificate template select: "Default template" (no choice,
 * value '') first, then every template (the current default marked). A saved template missing from
 * the list (not loaded yet) still shows.
 */
export function certificateTemplateChoices(
  templates: readonly TemplateOption[],
  saved?: { id: string; name?: string | null } | null,
): { value: string; label: string }[] {
  const choices = templates.map((t) => ({
    value: t.id,
    label: t.isDefault ? `${t.name} (default)` : t.name,
  }));
  if (saved?.id && !templates.some((t) => t.id === saved.id)) {
    choices.unshift({ value: saved.id, label: saved.name || 'The chosen template' });
  }
  return [{ value: '', label: 'Default template' }, ...choices];
}
