import { defineModule } from '../../lib/define-module';
import { registerVideoUploadTarget } from '../videos';
import { assignmentsPermissions } from './assignments.permissions';
import { assignmentsResolvers } from './assignments.resolver';
import { submissionUploadTarget } from './submission-upload';
import './assignments.jobs';

registerVideoUploadTarget(submissionUploadTarget);

/**
 * Video assignments for certification (issue 34): an instructor's assignment of a course module, a
 * learner's video submissions (through the videos module's upload and processing), time-coded
 * comments, the review, the course rule that certificates wait for passed assignments, due dates
 * (late submissions, the reminder cron of assignments.jobs.ts) and per-assignment figures.
 * Listed in `modules/index.ts`; other modules use `index.ts`.
 */
export const assignmentsModule = defineModule({
  name: 'assignments',
  resolvers: assignmentsResolvers,
  permissions: [assignmentsPermissions],
});
