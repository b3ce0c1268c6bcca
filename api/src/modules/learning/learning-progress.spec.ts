import { describe, expect, it } from 'vitest';
import { progressOf, type Step } from './learning.service';

const step = (kind: Step['kind'], id: string, completed: boolean): Step => ({
  kind,
  id,
  moduleId: 'm1',
  title: id,
  completed,
});

describe('progressOf', () => {
  it('counts lessons and quizzes and leads to the first step not done', () => {
    const progress = progressOf({
      steps: [step('lesson', 'l1', true), step('lesson', 'l2', false), step('quiz', 'q1', true)],
      completedAt: null,
    });
    expect(progress).toEqual({
      completedLessons: 1,
      totalLessons: 2,
      passedQuizzes: 1,
      totalQuizzes: 1,
      percent: 67,
      completed: false,
      nextStep: step('lesson', 'l2', false),
    });
  });

  it('is complete when every step is done, and then leads back to the first step', () => {
    const progress = progressOf({
      steps: [step('lesson', 'l1', true), step('quiz', 'q1', true)],
      completedAt: null,
    });
    expect(progress).toMatchObject({ percent: 100, completed: true, nextStep: { id: 'l1' } });
  });

  it('stays complete once completed, even when a step is added later', () => {
    const progress = progressOf({
      steps: [step('lesson', 'l1', true), step('lesson', 'new', false)],
      completedAt: new Date(),
    });
    expect(progress).toMatchObject({ percent: 50, completed: true, nextStep: { id: 'new' } });
  });

  it('is 0 % and never complete for a course without steps', () => {
    expect(progressOf({ steps: [], completedAt: null })).toMatchObject({
      percent: 0,
      completed: false,
      nextStep: null,
    });
  });
});
