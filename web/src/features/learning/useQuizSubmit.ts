import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../gql';
import type { QuizSubmitMutation } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { messageOf } from './learningErrors';

const QuizSubmitMutationDocument = graphql(`
  mutation QuizSubmit($input: QuizSubmitInput!) {
    quizSubmit(input: $input) {
      attempt {
        id
        scorePercent
        passed
        createdAt
      }
      results {
        questionId
        correct
        chosenOptionIds
        correctOptionIds
        explanation
      }
      answersShown
      quiz {
        id
        attemptsUsed
        attemptsLeft
        bestScorePercent
        passed
        canSubmit
        attempts {
          id
          scorePercent
          passed
          createdAt
        }
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

export type QuizOutcome = Omit<QuizSubmitMutation['quizSubmit'], 'userErrors'>;

/**
 * Submits answers for scoring on the server. The outcome (score, per-question results — with the
 * correct answers only when the server sends them —, a completion and its certificate) is kept for
 * the page; refusals (no attempts
 * left, a question not answered) are kept as `refusal`. The quiz's attempts and the course's
 * progress merge into the cache from the answer.
 */
export function useQuizSubmit() {
  const [mutate, { loading }] = useMutation(QuizSubmitMutationDocument);
  const [outcome, setOutcome] = useState<QuizOutcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = useCallback(
    async (quizId: string, answers: { questionId: string; optionIds: string[] }[]) => {
      setRefusal(null);
      try {
        const { data } = await mutate({ variables: { input: { quizId, answers } } });
        const payload = data?.quizSubmit;
        if (!payload) throw new Error('The server did not answer.');
        if (payload.userErrors[0]) {
          setRefusal(payload.userErrors[0].message);
          return;
        }
        setOutcome(payload);
        toaster.create({
          title: payload.attempt?.passed ? 'Quiz passed' : 'Quiz submitted',
          description: `Your score: ${payload.attempt?.scorePercent ?? 0}%`,
          type: payload.attempt?.passed ? 'success' : 'info',
        });
      } catch (error) {
        setRefusal(messageOf(error));
        toaster.create({ title: 'Quiz not submitted', description: messageOf(error), type: 'error' });
      }
    },
    [mutate],
  );

  const reset = useCallback(() => {
    setOutcome(null);
    setRefusal(null);
  }, []);

  return { submit, outcome, refusal, reset, submitting: loading };
}
