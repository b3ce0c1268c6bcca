import { defineModule } from '../../lib/define-module';
import { CoursesService } from './courses.service';
import { CourseContentService } from './course-content.service';
import { CourseTaxonomyService } from './course-taxonomy.service';
import { CourseCategory } from './course-category.entity';
import { CourseModule } from './course-module.entity';
import { Course } from './course.entity';
import { coursesPermissions } from './courses.permissions';
import { CoursesResolver } from './courses.resolver';
import { coursesRoutes } from './courses.routes';
import { DanceStyle } from './dance-style.entity';
import { Lesson } from './lesson.entity';
import { QuizQuestion } from './quiz-question.entity';
import { Quiz } from './quiz.entity';

/** The courses module's contribution to the app (listed in `modules/index.ts`). */
export const coursesModule = defineModule({
  name: 'courses',
  services: {
    courses: ({ em }) => new CoursesService(em),
    courseContent: ({ em }) => new CourseContentService(em),
    courseTaxonomy: ({ em }) => new CourseTaxonomyService(em),
  },
  resolvers: [CoursesResolver],
  permissions: [coursesPermissions],
  graphRoutes: coursesRoutes,
  entities: [DanceStyle, CourseCategory, Course, CourseModule, Lesson, Quiz, QuizQuestion],
});

declare module '../../services' {
  interface Services {
    courses: CoursesService;
    courseContent: CourseContentService;
    courseTaxonomy: CourseTaxonomyService;
  }
}
