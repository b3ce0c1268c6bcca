import { graphql } from '../../gql';

/**
 * The progress fields every learner page selects, so the cached `Course.viewerProgress` (an
 * object without an id) is always replaced by a complete one.
 */
export const CourseProgressFieldsFragment = graphql(`
  fragment CourseProgressFields on CourseProgress {
    completedLessons
    totalLessons
    passedQuizzes
    totalQuizzes
    percent
    completed
    nextStep {
      kind
      id
      moduleId
      title
      completed
    }
  }
`);

export const ViewerEnrollmentFieldsFragment = graphql(`
  fragment ViewerEnrollmentFields on Enrollment {
    id
    source
    createdAt
    completedAt
  }
`);
