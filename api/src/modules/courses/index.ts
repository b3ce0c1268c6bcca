// The courses module's front door: what other modules may use of it.
export { canEditCourse, courseAccessRefusal, isCourseAuthor, isCourseStaff } from './course-access';
export { whereClause } from './course-catalog';
export { CourseModule } from './course-module.entity';
export { slugify } from './course-text';
export { Course } from './course.entity';
export { AuthoringLesson } from './courses.types';
export { DanceStyle } from './dance-style.entity';
export { Lesson } from './lesson.entity';
export { QuestionOption } from './quiz-question.entity';
export { Quiz, QuizShowAnswers } from './quiz.entity';
export { courseTitles } from './course-titles';
export { type CoursePageRow, publicCoursePage, publicCoursePagesSql } from './course-pages';
export { coursesOnSaleSql } from './course-sale-sql';
export { courseStepsSql, lessonCoursesSql, quizTitlesSql } from './course-steps-sql';
export { CourseCategory } from './course-category.entity';
export { toYouTubeEmbedUrl } from './course-text';
export { QuizQuestion } from './quiz-question.entity';
export {
  type CourseSaleFacts,
  courseSaleFacts,
  courseTitlePriceSql,
  danceStyleNames,
  memberOnlyCourseSql,
} from './course-store-sql';
export { coursesMemberOnly } from './course-member-only';
export { courseFacts, courseFactsSql, courseModulesSql, lessonPlacesSql } from './course-facts';
