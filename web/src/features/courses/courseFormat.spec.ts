import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  centsToDollarsText,
  certificateTemplateChoices,
  coursePriceLabel,
  dollarsToCents,
  effectiveSort,
  filtersFromParams,
  filtersToParams,
  formatMinutes,
  paragraphs,
  plural,
  toCourseFilter,
} from './courseFormat';

describe('course prices', () => {
  it('shows Free for 0 and dollars from cents otherwise', () => {
    expect(coursePriceLabel(0)).toBe('Free');
    expect(coursePriceLabel(14900)).toBe('$149.00');
    expect(coursePriceLabel(123456)).toBe('$1,234.56');
  });

  it('turns a typed price into cents by the spec’s price rule, and back', () => {
    expect(dollarsToCents('49')).toBe(4900);
    expect(dollarsToCents('$1,234.50')).toBe(123450);
    expect(dollarsToCents('19.999')).toBe(2000);
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents('free')).toBe(0);
    expect(dollarsToCents('-5')).toBe(-500);
    expect(centsToDollarsText(4950)).toBe('49.50');
    expect(centsToDollarsText(0)).toBe('');
  });
});

describe('durations and counts', () => {
  it('formats minutes', () => {
    expect(formatMinutes(0)).toBe('');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(125)).toBe('2 h 5 min');
  });

  it('pluralises', () => {
    expect(plural(1, 'lesson')).toBe('1 lesson');
    expect(plural(3, 'lesson')).toBe('3 lessons');
    expect(plural(2, 'quiz', 'quizzes')).toBe('2 quizzes');
  });

  it('splits paragraphs on blank lines', () => {
    expect(paragraphs('One.\n\nTwo\nstill two.\n   \nThree.')).toEqual(['One.', 'Two\nstill two.', 'Three.']);
    expect(paragraphs('   ')).toEqual([]);
  });
});

describe('catalogue filters in the URL', () => {
  it('reads and writes the URL parameters, dropping unknown values', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=ballet&style=s1&level=Beginner&age=All+Ages&category=c1&price=PAID&sort=price-asc',
      ),
    );
    expect(filters).toEqual({
      search: 'ballet',
      danceStyleId: 's1',
      skillLevel: 'Beginner',
      ageGroup: 'All Ages',
      categoryId: 'c1',
      price: 'paid',
      sort: 'PRICE_ASC',
    });
    expect(filtersToParams(filters).toString()).toBe(
      'q=ballet&style=s1&level=Beginner&age=All+Ages&category=c1&price=paid&sort=price-asc',
    );
    expect(filtersFromParams(new URLSearchParams('price=cheap&sort=random'))).toMatchObject({
      price: '',
      sort: '',
    });
    expect(filtersToParams(filtersFromParams(new URLSearchParams())).toString()).toBe('');
  });

  it('counts active filters and builds the graph filter', () => {
    const filters = filtersFromParams(new URLSearchParams('q=tap&price=free&level=Beginner'));
    expect(activeFilterCount(filters)).toBe(2);
    expect(toCourseFilter(filters)).toEqual({
      search: 'tap',
      danceStyleId: null,
      skillLevel: 'Beginner',
      ageGroup: null,
      categoryId: null,
      price: 'FREE',
    });
  });

  it('asks for best match only with a search', () => {
    expect(effectiveSort(filtersFromParams(new URLSearchParams('q=tap')))).toBe('RELEVANCE');
    expect(effectiveSort(filtersFromParams(new URLSearchParams('')))).toBe('NEWEST');
    expect(effectiveSort(filtersFromParams(new URLSearchParams('sort=relevance')))).toBe('NEWEST');
    expect(effectiveSort(filtersFromParams(new URLSearchParams('q=tap&sort=title')))).toBe('TITLE');
  });
});

describe('certificate template choices', () => {
  const templates = [
    { id: 't1', name: 'DRX Classic', isDefault: true },
    { id: 't2', name: 'Studio Diploma', isDefault: false },
  ];

  it('starts with the default template, then lists every template with the default marked', () => {
    expect(certificateTemplateChoices(templates)).toEqual([
      { value: '', label: 'Default template' },
      { value: 't1', label: 'DRX Classic (default)' },
      { value: 't2', label: 'Studio Diploma' },
    ]);
    expect(certificateTemplateChoices([])).toEqual([{ value: '', label: 'Default template' }]);
  });

  it('keeps a saved template that is not in the list yet', () => {
    expect(certificateTemplateChoices([], { id: 't2', name: 'Studio Diploma' })).toEqual([
      { value: '', label: 'Default template' },
      { value: 't2', label: 'Studio Diploma' },
    ]);
    expect(certificateTemplateChoices(templates, { id: 't2', name: 'Studio Diploma' })).toHaveLength(3);
    expect(certificateTemplateChoices(templates, null)).toHaveLength(3);
  });
});
