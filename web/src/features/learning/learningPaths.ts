/** Where the learner pages live (spec section 2: signed-in course routes). */

const e = encodeURIComponent;

export interface StepLink {
  kind: string;
  id: string;
  moduleId: string;
}

export function coursePath(courseId: string): string {
  return `/courses/${e(courseId)}`;
}

export function modulePath(courseId: string, moduleId: string): string {
  return `${coursePath(courseId)}/modules/${e(moduleId)}`;
}

export function lessonPath(courseId: string, moduleId: string, lessonId: string): string {
  return `${modulePath(courseId, moduleId)}/lessons/${e(lessonId)}`;
}

export function quizPath(courseId: string, moduleId: string, quizId: string): string {
  return `${modulePath(courseId, moduleId)}/quizzes/${e(quizId)}`;
}

/** The page of a course step: a lesson or a quiz. */
export function stepPath(courseId: string, step: StepLink): string {
  return step.kind === 'quiz'
    ? quizPath(courseId, step.moduleId, step.id)
    : lessonPath(courseId, step.moduleId, step.id);
}

export function certificatePath(certificateId: string): string {
  return `/certificates/${e(certificateId)}`;
}
