import { graphql } from '../../gql';

export const CourseInstructorCandidatesQueryDocument = graphql(`
  query CourseInstructorCandidates {
    courseInstructorCandidates {
      id
      username
      displayName
      firstName
      lastName
    }
  }
`);

export const CourseAssignInstructorMutationDocument = graphql(`
  mutation CourseAssignInstructor($input: CourseAssignInstructorInput!) {
    courseAssignInstructor(input: $input) {
      course {
        id
        instructor {
          id
          username
          displayName
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const AdminCoursesQueryDocument = graphql(`
  query AdminCourses($first: Int, $after: String, $search: String, $published: Boolean) {
    adminCourses(first: $first, after: $after, search: $search, published: $published) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        slug
        title
        published
        priceCents
        createdAt
        lessonCount
        danceStyle {
          id
          name
        }
        instructor {
          id
          username
          displayName
        }
      }
    }
  }
`);
