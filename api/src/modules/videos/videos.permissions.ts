import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isCourseAuthor } from '../courses';

/** Instructors and staff; the service admits only the video's course's instructor and staff. */
const isAuthor = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return isCourseAuthor(ctx.user) ? true : forbidden();
  }),
  'instructors and staff (admins, curriculum officers); an instructor acts only on their own courses’ videos',
);

/**
 * Hosted lesson videos. `hostedVideo` is open on every lesson type: the service decides what each
 * viewer sees (states for the course's teachers, signed URLs only for those who may watch).
 */
export const videosPermissions = {
  Query: { lessonVideo: isAuthor },
  Mutation: {
    retryLessonVideo: isAuthor,
    removeLessonVideo: isAuthor,
    setLessonVideoFreePreview: isAuthor,
    chooseLessonVideoPoster: isAuthor,
    removeLessonVideoCaption: isAuthor,
  },
  Lesson: { hostedVideo: allow },
  LessonVideo: allow,
  LessonVideoPayload: allow,
  LessonVideoRemovePayload: allow,
  LessonVideoCaption: allow,
  LessonVideoCaptionRemovePayload: allow,
};
