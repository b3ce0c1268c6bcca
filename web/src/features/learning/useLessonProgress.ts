import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../gql';
import { toaster } from '../../ui/toaster';
import { messageOf } from './learningErrors';

const LessonCompleteMutationDocument = graphql(`
  mutation LessonComplete($input: LessonProgressInput!) {
    lessonComplete(input: $input) {
      lesson {
        id
        completed
      }
      course {
        id
        viewerProgress {
          ...CourseProgressFields
        }
      }
      courseCompleted
      certificate {
        id
        number
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const LessonIncompleteMutationDocument = graphql(`
  mutation LessonIncomplete($input: LessonProgressInput!) {
    lessonIncomplete(input: $input) {
      lesson {
        id
        completed
      }
      course {
        id
        viewerProgress {
          ...CourseProgressFields
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

export interface CompletionResult {
  courseCompleted: boolean;
  certificateId: string | null;
}

/**
 * Marks a lesson complete or not. The lesson's `completed` flag and the course's progress merge
 * into the cache from the answer, so the page, the progress bar and the course page follow.
 * `markComplete` resolves to the completion it caused (null when it failed).
 */
export function useLessonProgress() {
  const [complete, { loading: completing }] = useMutation(LessonCompleteMutationDocument);
  const [incomplete, { loading: reopening }] = useMutation(LessonIncompleteMutationDocument);
  const [completion, setCompletion] = useState<CompletionResult | null>(null);

  const markComplete = useCallback(
    async (lessonId: string): Promise<CompletionResult | null> => {
      try {
        const { data } = await complete({ variables: { input: { lessonId } } });
        const payload = data?.lessonComplete;
        if (!payload) throw new Error('The server did not answer.');
        if (payload.userErrors[0]) {
          toaster.create({
            title: 'Not marked complete',
            description: payload.userErrors[0].message,
            type: 'error',
          });
          return null;
        }
        const result = {
          courseCompleted: payload.courseCompleted,
          certificateId: payload.certificate?.id ?? null,
        };
        if (result.courseCompleted) setCompletion(result);
        toaster.create({ title: 'Lesson complete', type: 'success' });
        return result;
      } catch (error) {
        toaster.create({ title: 'Not marked complete', description: messageOf(error), type: 'error' });
        return null;
      }
    },
    [complete],
  );

  const markIncomplete = useCallback(
    async (lessonId: string): Promise<boolean> => {
      try {
        const { data } = await incomplete({ variables: { input: { lessonId } } });
        const refusal = data?.lessonIncomplete.userErrors[0];
        if (refusal) {
          toaster.create({ title: 'Not changed', description: refusal.message, type: 'error' });
          return false;
        }
        setCompletion(null);
        return true;
      } catch (error) {
        toaster.create({ title: 'Not changed', description: messageOf(error), type: 'error' });
        return false;
      }
    },
    [incomplete],
  );

  return { markComplete, markIncomplete, completion, busy: completing || reopening };
}
