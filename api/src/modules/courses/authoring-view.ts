import type { CourseModule } from './course-module.entity';
import type { AuthoringLesson, AuthoringModule, AuthoringQuiz, AuthoringQuizQuestion } from './courses.types';
import type { Lesson } from './lesson.entity';
import type { QuizQuestion } from './quiz-question.entity';
import type { Quiz } from './quiz.entity';

/** The authoring view of course content (instructor and staff only: it holds bodies and answers). */

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
  a.position - b.position || a.id.localeCompare(b.id);

export function toAuthoringLesson(l: Lesson): AuthoringLesson {
  return {
    id: l.id,
    title: l.title,
    position: l.position,
    videoUrl: l.videoUrl ?? null,
    body: l.body,
    durationMinutes: l.durationMinutes,
  };
}

export function toAuthoringQuestion(x: QuizQuestion): AuthoringQuizQuestion {
  return {
    id: x.id,
    prompt: x.prompt,
    kind: x.kind,
    options: x.options,
    correctOptionIds: x.correctOptionIds,
    explanation: x.explanation ?? null,
    position: x.position,
  };
}

/** A quiz; its `questions` collection must be loaded. */
export function toAuthoringQuiz(q: Quiz): AuthoringQuiz {
  return {
    id: q.id,
    title: q.title,
    position: q.position,
    passMarkPercent: q.passMarkPercent,
    attemptsAllowed: q.attemptsAllowed,
    showAnswers: q.showAnswers,
    lessonId: q.lesson?.id ?? null,
    questions: q.questions.getItems().sort(byPosition).map(toAuthoringQuestion),
  };
}

/** A module; its lessons, quizzes and the quizzes' questions must be loaded. */
export function toAuthoringModule(m: CourseModule): AuthoringModule {
  return {
    id: m.id,
    title: m.title,
    position: m.position,
    lessons: m.lessons.getItems().sort(byPosition).map(toAuthoringLesson),
    quizzes: m.quizzes.getItems().sort(byPosition).map(toAuthoringQuiz),
  };
}
