import { defineModule } from '../../lib/define-module';
import { CoursePracticeSetting } from './course-practice-setting.entity';
import { practicePermissions } from './practice.permissions';
import {
  CoursePracticeFieldsResolver,
  LessonPracticeFieldsResolver,
  PracticeResolver,
} from './practice.resolver';
import { practiceRoutes } from './practice.routes';
import { PracticeService } from './practice.service';
import { PracticeStateRow } from './practice-state.entity';
import { StepMarker } from './step-marker.entity';

/** The practice player's module (issue 34): step markers, learners' practice state, watching. */
export const practiceModule = defineModule({
  name: 'practice',
  services: { practice: ({ em }) => new PracticeService(em) },
  resolvers: [PracticeResolver, LessonPracticeFieldsResolver, CoursePracticeFieldsResolver],
  permissions: [practicePermissions],
  graphRoutes: practiceRoutes,
  entities: [StepMarker, PracticeStateRow, CoursePracticeSetting],
});

declare module '../../services' {
  interface Services {
    practice: PracticeService;
  }
}
