import { describe, expect, it } from 'vitest';
import { DomainError } from '../../graphql/errors';
import {
  ageGroup,
  optionalUrl,
  priceCents,
  questionOptions,
  reorderedIds,
  requiredText,
  skillLevel,
  videoUrl,
} from './course-validation';

function failure(work: () => unknown): { code: string; field?: string; message: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('course field checks', () => {
  it('trims required text and refuses empty or long text', () => {
    expect(requiredText('  Hi  ', 'title', 'Title', 10)).toBe('Hi');
    expect(failure(() => requiredText('   ', 'title', 'Title', 10))).toEqual({
      code: 'INVALID_INPUT',
      field: 'title',
      message: 'Title is required',
    });
    expect(failure(() => requiredText('x'.repeat(11), 'title', 'Title', 10)).message).toBe(
      'Title must be 10 characters or fewer',
    );
  });

  it('takes whole, non-negative cents only', () => {
    expect(priceCents(0)).toBe(0);
    expect(priceCents(14900)).toBe(14900);
    for (const bad of [-1, 1.5, Number.NaN, 10_000_001])
      expect(failure(() => priceCents(bad)).field).toBe('priceCents');
  });

  it('takes skill levels and age groups from the reference lists, empty as null', () => {
    expect(skillLevel('Mixed Levels')).toBe('Mixed Levels');
    expect(skillLevel('')).toBeNull();
    expect(ageGroup(null)).toBeNull();
    expect(failure(() => skillLevel('beginner')).field).toBe('skillLevel');
    expect(failure(() => ageGroup('Adults')).field).toBe('ageGroup');
  });

  it('takes http(s) and site-relative cover URLs only', () => {
    expect(optionalUrl(' https://x.test/a.png ', 'coverImageUrl', 'Cover')).toBe('https://x.test/a.png');
    expect(optionalUrl('/uploads/a.png', 'coverImageUrl', 'Cover')).toBe('/uploads/a.png');
    expect(optionalUrl('', 'coverImageUrl', 'Cover')).toBeNull();
    for (const bad of ['javascript:alert(1)', '//evil.test/a.png', 'not a url', 'data:image/png;base64,AA']) {
      expect(failure(() => optionalUrl(bad, 'coverImageUrl', 'Cover')).field).toBe('coverImageUrl');
    }
  });

  it('converts YouTube links of lesson videos to embed links', () => {
    expect(videoUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoUrl('https://vimeo.com/123')).toBe('https://vimeo.com/123');
    expect(videoUrl(null)).toBeNull();
    expect(failure(() => videoUrl('/uploads/video.mp4')).field).toBe('videoUrl');
  });
});

describe('questionOptions', () => {
  const opt = (text: string, correct = false, id?: string) => ({ text, correct, id });

  it('makes ids on the server and lists the correct ones', () => {
    const { options, correctOptionIds } = questionOptions('single', [opt('A', true, 'mine'), opt('B')]);
    expect(options.map((o) => o.text)).toEqual(['A', 'B']);
    expect(options[0].id).not.toBe('mine');
    expect(correctOptionIds).toEqual([options[0].id]);
  });

  it('keeps the ids of existing options', () => {
    const existing = [
      { id: 'a1', text: 'A' },
      { id: 'b2', text: 'B' },
    ];
    const { options } = questionOptions(
      'multiple',
      [opt('B!', true, 'b2'), opt('C', true, 'a1'), opt('D', false, 'b2')],
      existing,
    );
    expect(options.map((o) => o.id).slice(0, 2)).toEqual(['b2', 'a1']);
    expect(options[2].id).not.toBe('b2'); // an id is used once
  });

  it('names true/false options True and False and needs one answer', () => {
    const { options, correctOptionIds } = questionOptions('true_false', [opt('x'), opt('y', true)]);
    expect(options.map((o) => o.text)).toEqual(['True', 'False']);
    expect(correctOptionIds).toEqual([options[1].id]);
    expect(failure(() => questionOptions('true_false', [opt('x', true), opt('y', true)])).message).toBe(
      'Mark exactly one option as correct',
    );
    expect(failure(() => questionOptions('true_false', [opt('x', true)])).field).toBe('options');
  });

  it('needs 2–10 options, distinct texts and the right number of answers', () => {
    expect(failure(() => questionOptions('single', [opt('A', true)])).message).toBe(
      'A question needs 2 to 10 options',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => opt(`O${i}`, i === 0));
    expect(failure(() => questionOptions('multiple', eleven)).message).toBe(
      'A question needs 2 to 10 options',
    );
    expect(failure(() => questionOptions('multiple', [opt('A'), opt('B')])).message).toBe(
      'Mark at least one option as correct',
    );
    expect(failure(() => questionOptions('single', [opt('A', true), opt('B', true)])).message).toBe(
      'Mark exactly one option as correct',
    );
    expect(failure(() => questionOptions('single', [opt('Same', true), opt(' same ')])).field).toBe(
      'options',
    );
    expect(failure(() => questionOptions('single', [opt('A', true), opt('  ')])).field).toBe('options');
  });
});

describe('reorderedIds', () => {
  it('accepts a permutation and refuses anything else', () => {
    expect(reorderedIds(['b', 'a'], ['a', 'b'], 'ids')).toEqual(['b', 'a']);
    for (const bad of [['a'], ['a', 'a'], ['a', 'b', 'c'], ['a', 'c']]) {
      expect(failure(() => reorderedIds(bad, ['a', 'b'], 'ids')).field).toBe('ids');
    }
  });
});
