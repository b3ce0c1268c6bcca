import { describe, expect, it } from 'vitest';
import { mergeRules } from './permissions';

describe('mergeRules', () => {
  it('merges field maps of one type from several modules', () => {
    expect(mergeRules({ Query: { a: 1 } }, { Query: { b: 2 } }, { User: 3 })).toEqual({
      Query: { a: 1, b: 2 },
      User: 3,
    });
  });

  it('refuses a field or type claimed twice', () => {
    expect(() => mergeRules({ Query: { a: 1 } }, { Query: { a: 2 } })).toThrow('Query.a is defined twice');
    expect(() => mergeRules({ User: 1 }, { User: 2 })).toThrow('type User is defined twice');
  });
});
