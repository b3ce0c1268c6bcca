import { defineModule } from '../../lib/define-module';
import { registerCourseAccessSql } from '../certificates';
import { enrolledSql } from './enrollment-sql';
import { LearningService } from './learning.service';
import { Enrollment } from './enrollment.entity';
import { learningFieldResolvers } from './learning-fields.resolver';
import { learningPermissions } from './learning.permissions';
import { LearningResolver } from './learning.resolver';
import { learningRoutes } from './learning.routes';
import { LessonProgress } from './lesson-progress.entity';
import { QuizAttempt } from './quiz-attempt.entity';

// A refund revokes a certificate only when no enrollment still opens its course
// (certificates/course-access-sql.ts).
registerCourseAccessSql(enrolledSql);

/** The learning module's contribution to the app (listed in `modules/index.ts`). */
export const learningModule = defineModule({
  name: 'learning',
  services: {
    learning: ({ em }, services) => new LearningService(em, () => services.certificates),
  },
  resolvers: [LearningResolver, ...learningFieldResolvers],
  permissions: [learningPermissions],
  graphRoutes: learningRoutes,
  entities: [Enrollment, LessonProgress, QuizAttempt],
});

declare module '../../services' {
  interface Services {
    learning: LearningService;
  }
}
