import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql';
import { toaster } from '../../ui/toaster';
import { messageOf } from './learningErrors';

const CourseEnrollMutationDocument = graphql(`
  mutation CourseEnroll($input: CourseEnrollInput!) {
    courseEnroll(input: $input) {
      enrollment {
        ...ViewerEnrollmentFields
        course {
          id
          viewerEnrollment {
            ...ViewerEnrollmentFields
          }
          viewerProgress {
            ...CourseProgressFields
          }
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

/**
 * Enrolls me in a course. The enrollment and my progress merge into the cached course, so every
 * view of it switches to 'Continue learning'. Toasts 'Enrolled', or the server's refusal.
 * Resolves to true on success.
 */
export function useCourseEnroll() {
  const [mutate, { loading }] = useMutation(CourseEnrollMutationDocument);
  const enroll = useCallback(
    async (courseId: string): Promise<boolean> => {
      try {
        const { data } = await mutate({ variables: { input: { courseId } } });
        const payload = data?.courseEnroll;
        if (!payload) throw new Error('The server did not answer.');
        const [refusal] = payload.userErrors;
        if (refusal) {
          toaster.create({ title: 'Could not enroll', description: refusal.message, type: 'error' });
          return false;
        }
        toaster.create({ title: 'Enrolled', description: 'Welcome to the course!', type: 'success' });
        return true;
      } catch (error) {
        toaster.create({ title: 'Could not enroll', description: messageOf(error), type: 'error' });
        return false;
      }
    },
    [mutate],
  );
  return { enroll, loading };
}
