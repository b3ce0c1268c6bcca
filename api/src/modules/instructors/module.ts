import { defineModule } from '../../lib/define-module';
import { AvailabilityOverride, AvailabilityRule } from './availability.entity';
import { InstructorProfile } from './instructor-profile.entity';
import { InstructorReview } from './instructor-review.entity';
import { instructorsPermissions } from './instructors.permissions';
import { instructorsResolvers } from './instructors.resolver';
import { instructorsRoutes } from './instructors.routes';
import { SessionType } from './session-type.entity';

/** The instructors module's contribution to the app (listed in `modules/index.ts`). */
export const instructorsModule = defineModule({
  name: 'instructors',
  resolvers: instructorsResolvers,
  permissions: [instructorsPermissions],
  graphRoutes: instructorsRoutes,
  entities: [InstructorProfile, SessionType, AvailabilityRule, AvailabilityOverride, InstructorReview],
});
