import { graphql } from '../../gql';

/** The instructor's video stats of one course (issue 34). */
export const CourseVideoStatsDocument = graphql(`
  query CourseVideoStats($courseId: ID!) {
    instructorCourse(id: $courseId) {
      id
      title
    }
    courseVideoStats(courseId: $courseId) {
      lessonId
      lessonTitle
      moduleTitle
      durationSeconds
      viewers
      plays
      averageWatchedShare
      watchedCount
      buckets {
        index
        watchers
        loops
        leaves
      }
    }
  }
`);
