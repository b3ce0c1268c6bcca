import { describe, expect, it } from 'vitest';
import { DANCE_STYLES } from '../reference/reference-lists';
import { cleanTagList, mapStoreTags, MAX_TAGS } from './store-tags';

describe('mapStoreTags', () => {
  it('maps prefixed tags onto DRX’s lists, in any case and spelling', () => {
    expect(
      mapStoreTags(
        [
          'style:ballet',
          'Style: Hip-Hop',
          'age:kids',
          'age:Teen',
          'level:beginner',
          'LEVEL:advanced',
          'sale',
        ],
        DANCE_STYLES,
      ),
    ).toEqual({
      danceStyles: ['Ballet', 'Hip Hop'],
      ageGroups: ['Children (5-8)', 'Teen (13-17)'],
      skillLevels: ['Beginner', 'Advanced'],
    });
  });

  it('keeps values DRX does not list, words capitalised, and plain tags naming a DRX style', () => {
    expect(
      mapStoreTags(['style:salsa-cubana', 'Tap', 'jazz', 'level:all-levels', 'age:pre-teen'], DANCE_STYLES),
    ).toEqual({
      danceStyles: ['Salsa Cubana', 'Tap', 'Jazz'],
      ageGroups: ['Pre-Teen (9-12)'],
      skillLevels: ['Mixed Levels'],
    });
  });

  it('drops repeats and empty values', () => {
    expect(mapStoreTags(['style:ballet', 'Ballet', 'style:', 'age: ', 'level:---'], DANCE_STYLES)).toEqual({
      danceStyles: ['Ballet'],
      ageGroups: [],
      skillLevels: [],
    });
  });
});

describe('cleanTagList', () => {
  it('trims, collapses spaces and drops blanks and repeats', () => {
    expect(cleanTagList([' Ballet ', 'ballet', '', 'Hip   Hop'])).toEqual(['Ballet', 'Hip Hop']);
  });

  it('refuses too many or too long tags', () => {
    expect(typeof cleanTagList(['x'.repeat(61)])).toBe('string');
    expect(typeof cleanTagList(Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`))).toBe('string');
  });
});
