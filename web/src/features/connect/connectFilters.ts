/** The /connect finder's filters as they live in the URL (/connect?q=…&style=Ballet&mode=online…). */
export interface ConnectFilters {
  search: string;
  style: string;
  level: string;
  ageGroup: string;
  /** '' (any), 'online' or 'in_person'. */
  mode: '' | 'online' | 'in_person';
  /** In-person city (used with mode in_person, or on its own). */
  city: string;
  /** Whole dollars as typed ('' for no bound). */
  minPrice: string;
  maxPrice: string;
  /** "Available this week". */
  thisWeek: boolean;
}

export const EMPTY_FILTERS: ConnectFilters = {
  search: '',
  style: '',
  level: '',
  ageGroup: '',
  mode: '',
  city: '',
  minPrice: '',
  maxPrice: '',
  thisWeek: false,
};

const PARAM: Record<keyof ConnectFilters, string> = {
  search: 'q',
  style: 'style',
  level: 'level',
  ageGroup: 'age',
  mode: 'mode',
  city: 'city',
  minPrice: 'min',
  maxPrice: 'max',
  thisWeek: 'week',
};

const isPrice = (value: string) => /^\d+(\.\d{1,2})?$/.test(value);

export function filtersFromParams(params: URLSearchParams): ConnectFilters {
  const get = (key: keyof ConnectFilters) => (params.get(PARAM[key]) ?? '').trim();
  const mode = get('mode');
  const min = get('minPrice');
  const max = get('maxPrice');
  return {
    search: get('search'),
    style: get('style'),
    level: get('level'),
    ageGroup: get('ageGroup'),
    mode: mode === 'online' || mode === 'in_person' ? mode : '',
    city: get('city'),
    minPrice: isPrice(min) ? min : '',
    maxPrice: isPrice(max) ? max : '',
    thisWeek: get('thisWeek') === '1',
  };
}

export function filtersToParams(filters: ConnectFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAM) as (keyof ConnectFilters)[]) {
    const value = filters[key];
    if (typeof value === 'boolean') {
      if (value) params.set(PARAM[key], '1');
    } else if (value.trim()) params.set(PARAM[key], value.trim());
  }
  return params;
}

/** How many filters (not the search) are set. */
export function activeFilterCount(filters: ConnectFilters): number {
  const { search: _search, ...rest } = filters;
  return Object.values(rest).filter((value) => (typeof value === 'boolean' ? value : value !== '')).length;
}

/** Dollars as typed → cents, or null when empty or not a price. */
export function dollarsToCents(value: string): number | null {
  if (!isPrice(value.trim())) return null;
  return Math.round(Number(value) * 100);
}

/** The graph's `InstructorMode` values of the URL's modes. */
export const MODE_ARGUMENT = { online: 'ONLINE', in_person: 'IN_PERSON' } as const;

/** The `instructors` query's filter arguments (null = no filter). */
export function toInstructorsVariables(filters: ConnectFilters) {
  return {
    search: filters.search || null,
    style: filters.style || null,
    level: filters.level || null,
    ageGroup: filters.ageGroup || null,
    mode: filters.mode ? MODE_ARGUMENT[filters.mode] : null,
    city: filters.city || null,
    minPriceCents: dollarsToCents(filters.minPrice),
    maxPriceCents: dollarsToCents(filters.maxPrice),
    availableThisWeek: filters.thisWeek || null,
  };
}

/** "From $45" (whole dollars when round), "Free" for 0. */
export function formatPriceFrom(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  if (cents === 0) return 'Free';
  return `From ${formatMoney(cents)}`;
}

/** "$45" or "$45.50". */
export function formatMoney(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}
