import type { CourseCurriculumFragment } from '../../gql/graphql';

/** One module of the course's curriculum as the editors read it (CurriculumEditor, QuizEditor). */
export type CurriculumModule = CourseCurriculumFragment['curriculum'][number];
/** One lesson of a curriculum module. */
export type CurriculumLesson = CurriculumModule['lessons'][number];
