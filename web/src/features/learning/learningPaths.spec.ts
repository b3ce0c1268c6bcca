import { describe, expect, it } from 'vitest';
import { lessonPath, modulePath, quizPath, stepPath } from './learningPaths';

describe('learning paths', () => {
  it('builds the module, lesson and quiz routes of the spec', () => {
    expect(modulePath('c1', 'm1')).toBe('/courses/c1/modules/m1');
    expect(lessonPath('c1', 'm1', 'l1')).toBe('/courses/c1/modules/m1/lessons/l1');
    expect(quizPath('c1', 'm1', 'q1')).toBe('/courses/c1/modules/m1/quizzes/q1');
  });

  it('leads a step to its lesson or quiz page', () => {
    expect(stepPath('c', { kind: 'lesson', id: 'l', moduleId: 'm' })).toBe('/courses/c/modules/m/lessons/l');
    expect(stepPath('c', { kind: 'quiz', id: 'q', moduleId: 'm' })).toBe('/courses/c/modules/m/quizzes/q');
  });

  it('encodes ids', () => {
    expect(modulePath('a/b', 'c d')).toBe('/courses/a%2Fb/modules/c%20d');
  });
});
