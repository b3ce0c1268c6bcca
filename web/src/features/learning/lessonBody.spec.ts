import { describe, expect, it } from 'vitest';
import { parseLessonBody, parseRuns } from './lessonBody';

describe('parseLessonBody', () => {
  it('splits paragraphs on blank lines and keeps single line breaks inside one', () => {
    expect(parseLessonBody('First line\nsecond line\n\n\nNext paragraph')).toEqual([
      {
        kind: 'paragraph',
        lines: [[{ text: 'First line', bold: false }], [{ text: 'second line', bold: false }]],
      },
      { kind: 'paragraph', lines: [[{ text: 'Next paragraph', bold: false }]] },
    ]);
  });

  it('recognises bulleted and numbered lists', () => {
    expect(parseLessonBody('- one\n- **two**\n\n1. a\n2) b')).toEqual([
      {
        kind: 'list',
        ordered: false,
        items: [[{ text: 'one', bold: false }], [{ text: 'two', bold: true }]],
      },
      { kind: 'list', ordered: true, items: [[{ text: 'a', bold: false }], [{ text: 'b', bold: false }]] },
    ]);
  });

  it('keeps markup-looking text as text (never HTML)', () => {
    expect(parseLessonBody('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', lines: [[{ text: '<script>alert(1)</script>', bold: false }]] },
    ]);
  });

  it('is empty for an empty body', () => {
    expect(parseLessonBody('  \n\n ')).toEqual([]);
  });
});

describe('parseRuns', () => {
  it('marks **bold** runs and leaves an unmatched ** alone', () => {
    expect(parseRuns('Plan **each** part')).toEqual([
      { text: 'Plan ', bold: false },
      { text: 'each', bold: true },
      { text: ' part', bold: false },
    ]);
    expect(parseRuns('2 ** 3')).toEqual([{ text: '2 ** 3', bold: false }]);
  });
});
