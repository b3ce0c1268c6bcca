import { graphql } from '../../gql';

export const SubmissionFieldsFragment = graphql(`
  fragment SubmissionFields on AssignmentSubmission {
    id
    assignmentId
    assignmentTitle
    courseId
    learnerName
    attempt
    status
    current
    reviewNote
    reviewedAt
    createdAt
    late
    video {
      id
      status
      failureReason
      durationSeconds
      posterUrl
      playlistUrl
    }
    comments {
      id
      atSeconds
      body
      authorName
    }
  }
`);

export const CourseAssignmentsDocument = graphql(`
  query CourseAssignments($courseId: ID!) {
    courseAssignments(courseId: $courseId) {
      id
      moduleId
      title
      instructions
      dueDaysAfterEnrollment
      dueAt
    }
  }
`);

export const AssignmentPageDocument = graphql(`
  query AssignmentPage($id: ID!) {
    assignment(id: $id) {
      id
      moduleId
      moduleTitle
      courseId
      courseTitle
      title
      instructions
      dueAt
      viewerTeaches
      mySubmissions {
        ...SubmissionFields
      }
    }
  }
`);

export const AssignmentCreateDocument = graphql(`
  mutation AssignmentCreate($input: AssignmentCreateInput!) {
    assignmentCreate(input: $input) {
      assignment {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const AssignmentUpdateDocument = graphql(`
  mutation AssignmentUpdate($input: AssignmentUpdateInput!) {
    assignmentUpdate(input: $input) {
      assignment {
        id
        title
        instructions
        dueDaysAfterEnrollment
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const AssignmentRemoveDocument = graphql(`
  mutation AssignmentRemove($id: ID!) {
    assignmentRemove(id: $id) {
      removedAssignmentId
      userErrors {
        code
        message
      }
    }
  }
`);

export const CourseRequiresAssignmentsDocument = graphql(`
  query CourseRequiresAssignments($courseId: ID!) {
    courseRequiresAssignments(courseId: $courseId)
  }
`);

export const SetCourseRequireAssignmentsDocument = graphql(`
  mutation SetCourseRequireAssignments($courseId: ID!, $required: Boolean!) {
    setCourseRequireAssignments(courseId: $courseId, required: $required) {
      requirePassed
      userErrors {
        code
        message
      }
    }
  }
`);

export const ReviewQueueDocument = graphql(`
  query AssignmentReviewQueue($courseId: ID!) {
    assignmentReviewQueue(courseId: $courseId) {
      id
      assignmentId
      assignmentTitle
      learnerName
      attempt
      createdAt
      late
      video {
        id
        status
      }
    }
    courseAssignmentStats(courseId: $courseId) {
      assignmentId
      title
      moduleTitle
      dueDaysAfterEnrollment
      enrolled
      submitted
      waiting
      passed
      resubmit
      late
      overdue
    }
  }
`);

export const SubmissionDocument = graphql(`
  query AssignmentSubmission($id: ID!) {
    assignmentSubmission(id: $id) {
      ...SubmissionFields
    }
  }
`);

export const CommentAddDocument = graphql(`
  mutation AssignmentCommentAdd($submissionId: ID!, $atSeconds: Float!, $body: String!) {
    assignmentCommentAdd(submissionId: $submissionId, atSeconds: $atSeconds, body: $body) {
      comment {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ReviewDocument = graphql(`
  mutation AssignmentReview($submissionId: ID!, $verdict: AssignmentReviewVerdict!, $note: String) {
    assignmentReview(submissionId: $submissionId, verdict: $verdict, note: $note) {
      submission {
        id
        status
        reviewNote
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
