import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Container,
  Fieldset,
  Heading,
  HStack,
  Icon,
  RadioGroup,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowRight, CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import type { QuizPageQuery } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import {
  CourseCompleteBanner,
  CourseProgressBar,
  LearningBreadcrumb,
  LearningNotice,
  NotEnrolledNotice,
} from './LearningBits';
import { isNotEnrolledError } from './learningErrors';
import { coursePath, modulePath, quizPath, stepPath } from './learningPaths';
import { optionMark, withheldNote } from './quizResult';
import { type QuizOutcome, useQuizSubmit } from './useQuizSubmit';

const QuizPageQueryDocument = graphql(`
  query QuizPage($id: ID!) {
    quiz(id: $id) {
      id
      title
      passMarkPercent
      attemptsAllowed
      showAnswers
      attemptsUsed
      attemptsLeft
      bestScorePercent
      passed
      canSubmit
      questions {
        id
        prompt
        kind
        options {
          id
          text
        }
      }
      attempts {
        id
        scorePercent
        passed
        createdAt
      }
      module {
        id
        title
      }
      course {
        id
        title
        viewerEnrollment {
          ...ViewerEnrollmentFields
        }
        viewerProgress {
          ...CourseProgressFields
        }
      }
    }
  }
`);

type Quiz = NonNullable<QuizPageQuery['quiz']>;
type Question = Quiz['questions'][number];

const KIND_HINT: Record<string, string> = {
  single: 'Choose one answer.',
  true_false: 'True or false?',
  multiple: 'Choose every answer that applies.',
};

function attemptsText(quiz: Quiz): string {
  if (quiz.attemptsLeft === null || quiz.attemptsLeft === undefined) return 'Unlimited attempts';
  return `${quiz.attemptsLeft} of ${quiz.attemptsAllowed} attempt${quiz.attemptsAllowed === 1 ? '' : 's'} left`;
}

/**
 * A quiz: answer, submit for scoring on the server, see the result: which answers were wrong, and the
 * correct ones when the server sends them (the quiz's "show answers" setting).
 */
export default function QuizPage() {
  const { courseId = '', moduleId = '', quizId = '' } = useParams();
  const { data, loading, error } = useQuery(QuizPageQueryDocument, {
    variables: { id: quizId },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const quiz = data?.quiz;
  useDocumentTitle(quiz?.title ?? 'Quiz');

  if (!quiz) {
    if (error) {
      return isNotEnrolledError(error) ? (
        <NotEnrolledNotice courseId={courseId} />
      ) : (
        <LearningNotice status="error" title="The quiz could not be loaded" description={error.message} />
      );
    }
    if (loading) return <PageSpinner label="Loading quiz..." />;
    return <LearningNotice title="Quiz not found" description="This quiz does not exist or was removed." />;
  }
  if (quiz.course.id !== courseId || quiz.module.id !== moduleId) {
    return <Navigate to={quizPath(quiz.course.id, quiz.module.id, quiz.id)} replace />;
  }
  return <QuizView key={quiz.id} quiz={quiz} />;
}

function QuizView({ quiz }: { quiz: Quiz }) {
  const course = quiz.course;
  const enrolled = !!course.viewerEnrollment;
  const progress = course.viewerProgress;
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const { submit, outcome, refusal, reset, submitting } = useQuizSubmit();
  const top = useRef<HTMLDivElement>(null);
  // The result replaces the form: bring its top (score, pass or fail) into view.
  useEffect(() => {
    if (outcome) top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [outcome]);

  const answered = quiz.questions.filter((q) => (answers[q.id] ?? []).length > 0).length;
  const setAnswer = (questionId: string, optionIds: string[]) =>
    setAnswers((current) => ({ ...current, [questionId]: optionIds }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void submit(
      quiz.id,
      quiz.questions.map((q) => ({ questionId: q.id, optionIds: answers[q.id] ?? [] })),
    );
  };
  const tryAgain = () => {
    setAnswers({});
    reset();
  };

  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6} ref={top} scrollMarginTop="6">
        <LearningBreadcrumb
          items={[
            { label: 'Courses', to: '/courses' },
            { label: course.title, to: coursePath(course.id) },
            { label: quiz.module.title, to: modulePath(course.id, quiz.module.id) },
            { label: quiz.title },
          ]}
        />
        <Stack gap={3}>
          <Heading as="h1" size="2xl">
            {quiz.title}
          </Heading>
          <HStack gap={2} flexWrap="wrap">
            <Badge variant="subtle">{quiz.questions.length} questions</Badge>
            <Badge variant="subtle">Pass mark {quiz.passMarkPercent}%</Badge>
            {enrolled ? <Badge variant="subtle">{attemptsText(quiz)}</Badge> : null}
            {quiz.bestScorePercent !== null && quiz.bestScorePercent !== undefined ? (
              <Badge variant="subtle" colorPalette={quiz.passed ? 'green' : 'gray'}>
                Best score {quiz.bestScorePercent}%
              </Badge>
            ) : null}
          </HStack>
          {progress ? <CourseProgressBar percent={progress.percent} size="sm" /> : null}
        </Stack>

        {outcome ? (
          <QuizResult quiz={quiz} outcome={outcome} onTryAgain={quiz.canSubmit ? tryAgain : undefined} />
        ) : !enrolled ? (
          <>
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Preview</Alert.Title>
                <Alert.Description>
                  You can read this quiz as its instructor or staff; enrolled learners take it.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <QuestionList questions={quiz.questions} answers={answers} disabled />
          </>
        ) : quiz.passed ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>You passed this quiz</Alert.Title>
              <Alert.Description>
                Your best score is {quiz.bestScorePercent}% (pass mark {quiz.passMarkPercent}%). A passed quiz
                needs no more attempts.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : !quiz.canSubmit ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>No attempts left for this quiz</Alert.Title>
              <Alert.Description>
                You used all {quiz.attemptsAllowed} attempts. Your instructor can help you with the next
                steps.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <form onSubmit={onSubmit} aria-label={quiz.title}>
            <Stack gap={6}>
              <QuestionList questions={quiz.questions} answers={answers} onChange={setAnswer} />
              {refusal ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Not submitted</Alert.Title>
                    <Alert.Description>{refusal}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : null}
              <HStack justify="space-between" gap={3} flexWrap="wrap">
                <Text color="fg.muted" fontSize="sm" aria-live="polite">
                  {answered} of {quiz.questions.length} answered
                </Text>
                <Button type="submit" loading={submitting} loadingText="Scoring…">
                  Submit answers
                </Button>
              </HStack>
            </Stack>
          </form>
        )}

        <NextStep quiz={quiz} />
      </Stack>
    </Container>
  );
}

/** The questions with their options (radio buttons or checkboxes). */
function QuestionList({
  questions,
  answers,
  onChange,
  disabled,
}: {
  questions: Question[];
  answers: Record<string, string[]>;
  onChange?: (questionId: string, optionIds: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <Stack gap={4}>
      {questions.map((question, index) => (
        <Card.Root key={question.id} variant="outline">
          <Card.Body>
            <Fieldset.Root disabled={disabled}>
              <Fieldset.Legend fontWeight="semibold" fontSize="md" mb={1}>
                {index + 1}. {question.prompt}
              </Fieldset.Legend>
              <Fieldset.HelperText mb={3}>{KIND_HINT[question.kind] ?? ''}</Fieldset.HelperText>
              {question.kind === 'multiple' ? (
                <CheckboxGroup
                  value={answers[question.id] ?? []}
                  onValueChange={(value) => onChange?.(question.id, value)}
                  name={`q-${question.id}`}
                >
                  <Stack gap={2}>
                    {question.options.map((option) => (
                      <Checkbox.Root key={option.id} value={option.id}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label fontWeight="normal">{option.text}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                </CheckboxGroup>
              ) : (
                <RadioGroup.Root
                  value={answers[question.id]?.[0] ?? null}
                  onValueChange={(details) => onChange?.(question.id, details.value ? [details.value] : [])}
                  name={`q-${question.id}`}
                >
                  <Stack gap={2}>
                    {question.options.map((option) => (
                      <RadioGroup.Item key={option.id} value={option.id}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{option.text}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
              )}
            </Fieldset.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** The scored attempt: score, pass or fail, each question right or wrong, and the key when sent. */
function QuizResult({
  quiz,
  outcome,
  onTryAgain,
}: {
  quiz: Quiz;
  outcome: QuizOutcome;
  onTryAgain?: () => void;
}) {
  const attempt = outcome.attempt;
  const passed = !!attempt?.passed;
  const results = new Map(outcome.results.map((r) => [r.questionId, r]));
  const correctCount = outcome.results.filter((r) => r.correct).length;
  const note = withheldNote(quiz.showAnswers, outcome.answersShown);

  return (
    <Stack gap={5} data-testid="quiz-result">
      {outcome.courseCompleted ? <CourseCompleteBanner certificateId={outcome.certificate?.id} /> : null}
      <Card.Root variant="outline" borderColor={passed ? 'green.300' : 'orange.300'}>
        <Card.Body>
          <HStack gap={4} align="center" flexWrap="wrap">
            <Icon
              as={passed ? CheckCircle2 : XCircle}
              boxSize={10}
              color={passed ? 'green.fg' : 'orange.fg'}
              aria-hidden
            />
            <Stack gap={1} flex="1">
              <Heading as="h2" size="lg">
                {passed ? 'Passed' : 'Not passed'} — {attempt?.scorePercent ?? 0}%
              </Heading>
              <Text color="fg.muted">
                {correctCount} of {outcome.results.length} correct · pass mark {quiz.passMarkPercent}% ·{' '}
                {attemptsText(quiz)}
              </Text>
            </Stack>
            {onTryAgain && !passed ? (
              <Button variant="outline" onClick={onTryAgain}>
                <RotateCcw aria-hidden />
                Try again
              </Button>
            ) : null}
          </HStack>
        </Card.Body>
      </Card.Root>
      {note ? (
        <Text color="fg.muted" fontSize="sm" data-testid="answers-withheld">
          {note}
        </Text>
      ) : null}

      <Stack gap={3}>
        {quiz.questions.map((question, index) => {
          const result = results.get(question.id);
          if (!result) return null;
          return (
            <Card.Root key={question.id} variant="outline">
              <Card.Body>
                <Stack gap={3}>
                  <HStack justify="space-between" align="flex-start" gap={3}>
                    <Text fontWeight="semibold">
                      {index + 1}. {question.prompt}
                    </Text>
                    <Badge colorPalette={result.correct ? 'green' : 'red'} variant="subtle" flexShrink={0}>
                      {result.correct ? 'Correct' : 'Incorrect'}
                    </Badge>
                  </HStack>
                  <Stack gap={1} as="ul" listStyleType="none">
                    {question.options.map((option) => {
                      const mark = optionMark(result, question.kind, option.id);
                      return (
                        <HStack
                          as="li"
                          key={option.id}
                          gap={2}
                          px={3}
                          py={1.5}
                          borderRadius="l2"
                          bg={TONE_BG[mark.tone]}
                        >
                          {mark.tone === 'right' || mark.tone === 'wrong' ? (
                            <Icon
                              as={mark.tone === 'right' ? CheckCircle2 : XCircle}
                              color={mark.tone === 'right' ? 'green.fg' : 'red.fg'}
                              boxSize={4}
                              aria-hidden
                            />
                          ) : (
                            <Box boxSize={4} flexShrink={0} />
                          )}
                          <Text flex="1">{option.text}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {mark.label}
                          </Text>
                        </HStack>
                      );
                    })}
                  </Stack>
                  {result.explanation ? (
                    <Text fontSize="sm" color="fg.muted">
                      {result.explanation}
                    </Text>
                  ) : null}
                </Stack>
              </Card.Body>
            </Card.Root>
          );
        })}
      </Stack>
    </Stack>
  );
}

const TONE_BG = { right: 'green.subtle', wrong: 'red.subtle', chosen: 'bg.muted', none: undefined } as const;

/** Where to go next: the first step not done yet, else back to the course. */
function NextStep({ quiz }: { quiz: Quiz }) {
  const course = quiz.course;
  const next = course.viewerProgress?.nextStep;
  const showNext =
    next && !course.viewerProgress?.completed && !(next.kind === 'quiz' && next.id === quiz.id);
  return (
    <HStack justify="space-between" gap={3} flexWrap="wrap" as="nav" aria-label="Course navigation">
      <Button asChild variant="outline">
        <RouterLink to={modulePath(course.id, quiz.module.id)}>Module overview</RouterLink>
      </Button>
      {showNext ? (
        <Box>
          <Button asChild>
            <RouterLink to={stepPath(course.id, next)}>
              Continue: {next.title}
              <ArrowRight aria-hidden />
            </RouterLink>
          </Button>
        </Box>
      ) : (
        <Button asChild variant="outline">
          <RouterLink to={coursePath(course.id)}>Back to the course</RouterLink>
        </Button>
      )}
    </HStack>
  );
}
