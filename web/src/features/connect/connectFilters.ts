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
  /** "In person near": a 5-digit US ZIP code ('' for none). */
  near: string;
  /** Its radius in miles: '' (25), '10', '25' or '50'. */
  radius: '' | '10' | '25' | '50';
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
  near: '',
  radius: '',
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
  near: 'near',
  radius: 'radius',
};

/** The radii (miles) of "In person near"; 25 when none is chosen. */
export const NEAR_RADII = ['10', '25', '50'] as const;
export const DEFAULT_NEAR_RADIUS = '25';

const isPrice = (value: string) => /^\d+(\.\d{1,2})?$/.test(value);

export function filtersFromParams(params: URLSearchParams): ConnectFilters {
  const get = (key: keyof ConnectFilters) => (params.get(PARAM[key]) ?? '').trim();
  const mode = get('mode');
  const min = get('minPrice');
  const max = get('maxPrice');
  const near = get('near');
  const radius = get('radius');
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
    near: /^\d{5}$/.test(near) ? near : '',
    radius: (NEAR_RADII as readonly string[]).includes(radius) ? (radius as ConnectFilters['radius']) : '',
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
  // The radius only counts with its ZIP code (it is part of "In person near").
  const { search: _search, radius: _radius, ...rest } = filters;
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
    near: filters.near || null,
    radiusMiles: filters.near ? Number(filters.radius || DEFAULT_NEAR_RADIUS) : null,
  };
}

/** "3.1 mi away" (one decimal; "Less than 0.1 mi away" for the same ZIP code); null without a distance. */
export function formatDistance(miles: number | null | undefined): string | null {
  if (miles === null || miles === undefined) return null;
  if (miles < 0.1) return 'Less than 0.1 mi away';
  return `${miles.toFixed(1)} mi away`;
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
