import { describe, expect, it } from 'vitest';
import { encodeCursor, searchText } from '../../graphql/keyset';
import { effectiveSort, pageQuery, whereClause } from './course-catalog';
import { CoursePrice, CourseSort } from './courses.types';

describe('course list SQL', () => {
  it('uses RELEVANCE only with a search, and by default when there is one', () => {
    expect(effectiveSort(null, null)).toBe(CourseSort.NEWEST);
    expect(effectiveSort(null, 'tap')).toBe(CourseSort.RELEVANCE);
    expect(effectiveSort(CourseSort.RELEVANCE, null)).toBe(CourseSort.NEWEST);
    expect(effectiveSort(CourseSort.TITLE, 'tap')).toBe(CourseSort.TITLE);
  });

  it('trims and caps the search text', () => {
    expect(searchText('   ')).toBeNull();
    expect(searchText(' tap ')).toBe('tap');
    expect(searchText('x'.repeat(300))).toHaveLength(200);
  });

  it('binds every filter as a parameter and matches nothing for an id that is no UUID', () => {
    const where = whereClause({
      published: true,
      skillLevel: "Beginner'; drop table courses; --",
      price: CoursePrice.PAID,
      search: '50% off_',
      danceStyleId: 'not-a-uuid',
    });
    expect(where.sql).toBe(
      "c.published = ? and false and c.skill_level = ? and c.price_cents > 0 and (c.search_vector @@ websearch_to_tsquery('english', ?) or c.title ilike ?)",
    );
    expect(where.params).toEqual([true, "Beginner'; drop table courses; --", '50% off_', '%50\\% off\\_%']);
    expect(whereClause({ published: null }).sql).toBe('true');
  });

  it('continues after a cursor with a keyset condition over mixed directions', () => {
    const after = encodeCursor(CourseSort.PRICE_ASC, [
      900,
      '2026-01-01T00:00:00.000Z',
      '00000000-0000-4000-8000-000000000001',
    ]);
    const q = pageQuery({ published: true, sort: CourseSort.PRICE_ASC }, 10, after);
    expect(q.page.sql).toContain(
      '((c.price_cents > ?::int) or (c.price_cents = ?::int and c.created_at < ?::timestamptz) or (c.price_cents = ?::int and c.created_at = ?::timestamptz and c.id < ?::uuid))',
    );
    expect(q.page.sql).toContain('order by c.price_cents asc, c.created_at desc, c.id desc limit ?');
    expect(q.page.params.at(-1)).toBe(11);
  });

  it('refuses a cursor of another sort or with values of the wrong kind', () => {
    const newest = encodeCursor(CourseSort.NEWEST, [
      '2026-01-01T00:00:00.000Z',
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(() => pageQuery({ published: true, sort: CourseSort.TITLE }, 5, newest)).toThrow(
      'not a valid cursor',
    );
    const wrong = encodeCursor(CourseSort.NEWEST, ['yesterday', 'x']);
    expect(() => pageQuery({ published: true }, 5, wrong)).toThrow('not a valid cursor');
    expect(() => pageQuery({ published: true }, 5, '%%%')).toThrow('not a valid cursor');
  });
});
