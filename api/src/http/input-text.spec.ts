import { describe, expect, it } from 'vitest';
import { findInputProblem, MAX_INPUT_STRING_LENGTH, textProblem } from './input-text';

describe('textProblem', () => {
  it('accepts ordinary text, tab, line breaks, emoji and other scripts', () => {
    for (const ok of [
      '',
      'Plié',
      'line 1\nline 2\r\n\tindented',
      '😀 Ünïcødé 日本語',
      '\u007f',
      'x'.repeat(100_000),
    ]) {
      expect(textProblem(ok), JSON.stringify(ok)).toBeNull();
    }
  });

  it('refuses NUL and the other C0 control characters, naming the character', () => {
    expect(textProblem('a\u0000b')).toBe('must not contain control characters (found U+0000)');
    expect(textProblem('\u001b[31m')).toBe('must not contain control characters (found U+001B)');
    expect(textProblem('\u000b')).toBe('must not contain control characters (found U+000B)');
  });

  it('refuses lone surrogates (not encodable as UTF-8) and accepts a pair', () => {
    expect(textProblem('\ud800')).toBe('must be valid Unicode text (found a lone surrogate U+D800)');
    expect(textProblem('x\udc00y')).toBe('must be valid Unicode text (found a lone surrogate U+DC00)');
    expect(textProblem('\ud83d\ude00')).toBeNull();
  });

  it(`refuses strings over ${MAX_INPUT_STRING_LENGTH} characters`, () => {
    expect(textProblem('x'.repeat(MAX_INPUT_STRING_LENGTH + 1))).toBe(
      'must be at most 100000 characters long',
    );
  });
});

describe('findInputProblem', () => {
  it('finds the first bad string anywhere in a value, with its path', () => {
    expect(findInputProblem({ input: { lines: [{ title: 'ok' }, { title: 'a\u0000' }] } })).toEqual({
      path: ['input', 'lines', 1, 'title'],
      problem: 'must not contain control characters (found U+0000)',
    });
    expect(findInputProblem('\ud800')).toEqual({
      path: [],
      problem: expect.stringMatching(/lone surrogate/),
    });
  });

  it('checks object keys too', () => {
    expect(findInputProblem({ nested: { 'a\u0000': 1 } })).toEqual({
      path: ['nested'],
      problem: 'must not have a key with control characters (found U+0000)',
    });
  });

  it('passes clean values of every JSON kind', () => {
    expect(findInputProblem({ a: 1, b: null, c: true, d: ['x', { e: 'y\n' }], f: 1.5 })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });

  it('walks a 50 000-level nesting without overflowing the stack', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    const found = findInputProblem(deep);
    expect(found?.path).toHaveLength(50_001);
  });
});
