import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Heading,
  HStack,
  Icon,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, CheckCircle2, Circle, Clock, ListChecks } from 'lucide-react';
import { Fragment } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import type { LessonPageQuery } from '../../gql/graphql';
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
import { coursePath, lessonPath, modulePath, stepPath } from './learningPaths';
import { parseLessonBody, type TextRun } from './lessonBody';
import { useLessonProgress } from './useLessonProgress';
import { useRecordTimeZone } from './useRecordTimeZone';
import { LessonVideo } from './LessonVideo';

const LessonPageQueryDocument = graphql(`
  query LessonPage($id: ID!) {
    lesson(id: $id) {
      id
      title
      position
      durationMinutes
      videoUrl
      hostedVideo {
        ...LessonHostedVideo
      }
      body
      completed
      stepMarkers {
        label
        atSeconds
      }
      myPractice {
        ...PracticeStateFields
      }
      previousLessonId
      nextLessonId
      previous {
        kind
        id
        moduleId
        title
      }
      next {
        kind
        id
        moduleId
        title
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

function Runs({ runs }: { runs: TextRun[] }) {
  return (
    <>
      {runs.map((run, i) =>
        run.bold ? (
          <Text as="strong" key={i} fontWeight="semibold">
            {run.text}
          </Text>
        ) : (
          <Fragment key={i}>{run.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The lesson's text: paragraphs and lists, rendered as text (never as HTML). */
function LessonBody({ body }: { body: string }) {
  const blocks = parseLessonBody(body);
  if (blocks.length === 0) return null;
  return (
    <Stack gap={4} fontSize="md" lineHeight="tall" data-testid="lesson-body">
      {blocks.map((block, i) =>
        block.kind === 'paragraph' ? (
          <Text key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                <Runs runs={line} />
              </Fragment>
            ))}
          </Text>
        ) : (
          <List.Root key={i} as={block.ordered ? 'ol' : 'ul'} ps={5} gap={1}>
            {block.items.map((item, j) => (
              <List.Item key={j}>
                <Runs runs={item} />
              </List.Item>
            ))}
          </List.Root>
        ),
      )}
    </Stack>
  );
}

/** A lesson: its video, text, 'Mark complete', and the way to the previous and next steps. */
export default function LessonPage() {
  const { courseId = '', moduleId = '', lessonId = '' } = useParams();
  const { data, loading, error } = useQuery(LessonPageQueryDocument, {
    variables: { id: lessonId },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const lesson = data?.lesson;
  useDocumentTitle(lesson?.title ?? 'Lesson');
  // An enrolled learner's zone, for the mails that state times (the due-date reminder).
  useRecordTimeZone(Boolean(lesson?.myPractice));

  if (!lesson) {
    if (error) {
      return isNotEnrolledError(error) ? (
        <NotEnrolledNotice courseId={courseId} />
      ) : (
        <LearningNotice status="error" title="The lesson could not be loaded" description={error.message} />
      );
    }
    if (loading) return <PageSpinner label="Loading lesson..." />;
    return (
      <LearningNotice title="Lesson not found" description="This lesson does not exist or was removed." />
    );
  }

  // A lesson reached through another course's or module's path moves to its own address.
  if (lesson.course.id !== courseId || lesson.module.id !== moduleId) {
    return <Navigate to={lessonPath(lesson.course.id, lesson.module.id, lesson.id)} replace />;
  }
  return <LessonView key={lesson.id} lesson={lesson} />;
}

type Lesson = NonNullable<LessonPageQuery['lesson']>;

function LessonView({ lesson }: { lesson: Lesson }) {
  const course = lesson.course;
  const enrolled = !!course.viewerEnrollment;
  const progress = course.viewerProgress;
  const { markComplete, markIncomplete, completion, busy } = useLessonProgress();

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <LearningBreadcrumb
          items={[
            { label: 'Courses', to: '/courses' },
            { label: course.title, to: coursePath(course.id) },
            { label: lesson.module.title, to: modulePath(course.id, lesson.module.id) },
            { label: lesson.title },
          ]}
        />

        {completion?.courseCompleted ? (
          <CourseCompleteBanner certificateId={completion.certificateId} />
        ) : null}

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 18rem' }} gap={8} alignItems="start">
          <Stack gap={6} minW={0}>
            <Stack gap={2}>
              <HStack gap={3} color="fg.muted" fontSize="sm" flexWrap="wrap">
                <Text>{lesson.module.title}</Text>
                {lesson.durationMinutes > 0 ? (
                  <HStack gap={1}>
                    <Icon as={Clock} boxSize={3.5} aria-hidden />
                    <Text>{lesson.durationMinutes} min</Text>
                  </HStack>
                ) : null}
                {lesson.completed ? (
                  <Badge colorPalette="green" variant="subtle">
                    Completed
                  </Badge>
                ) : null}
              </HStack>
              <Heading as="h1" size="2xl">
                {lesson.title}
              </Heading>
            </Stack>

            {!enrolled ? (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Preview</Alert.Title>
                  <Alert.Description>
                    You can read this lesson as its instructor or staff. Progress is recorded for enrolled
                    learners.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}

            <LessonVideo lesson={lesson} />

            <LessonBody body={lesson.body} />

            {enrolled ? (
              <Card.Root variant="subtle">
                <Card.Body>
                  <HStack justify="space-between" gap={4} flexWrap="wrap">
                    {lesson.completed ? (
                      <>
                        <HStack gap={2} color="green.fg" fontWeight="semibold">
                          <Icon as={CheckCircle2} aria-hidden />
                          <Text>You completed this lesson</Text>
                        </HStack>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => void markIncomplete(lesson.id)}
                          disabled={busy}
                        >
                          Mark as not complete
                        </Button>
                      </>
                    ) : (
                      <>
                        <Text color="fg.muted">Finished watching and reading?</Text>
                        <Button
                          onClick={() => void markComplete(lesson.id)}
                          loading={busy}
                          loadingText="Saving…"
                        >
                          <CheckCircle2 aria-hidden />
                          Mark complete
                        </Button>
                      </>
                    )}
                  </HStack>
                </Card.Body>
              </Card.Root>
            ) : null}

            <HStack as="nav" aria-label="Lesson navigation" justify="space-between" gap={3} flexWrap="wrap">
              {lesson.previous ? (
                <Button asChild variant="outline">
                  <RouterLink to={stepPath(course.id, lesson.previous)} title={lesson.previous.title}>
                    <ArrowLeft aria-hidden />
                    Previous
                  </RouterLink>
                </Button>
              ) : (
                <Box />
              )}
              {lesson.next ? (
                <Button asChild variant={lesson.completed ? 'solid' : 'outline'}>
                  <RouterLink to={stepPath(course.id, lesson.next)} title={lesson.next.title}>
                    {lesson.next.kind === 'quiz' ? `Next: ${lesson.next.title}` : 'Next'}
                    <ArrowRight aria-hidden />
                  </RouterLink>
                </Button>
              ) : (
                <Button asChild variant="outline">
                  <RouterLink to={coursePath(course.id)}>Back to the course</RouterLink>
                </Button>
              )}
            </HStack>
          </Stack>

          <Card.Root variant="outline" position={{ lg: 'sticky' }} top={{ lg: 6 }}>
            <Card.Body>
              <Stack gap={4}>
                <Heading as="h2" size="sm">
                  {course.title}
                </Heading>
                {progress ? (
                  <>
                    <CourseProgressBar percent={progress.percent} />
                    <Stack gap={1} fontSize="sm" color="fg.muted">
                      <HStack gap={2}>
                        <Icon
                          as={progress.completedLessons === progress.totalLessons ? CheckCircle2 : Circle}
                          aria-hidden
                        />
                        <Text>
                          {progress.completedLessons} of {progress.totalLessons} lessons complete
                        </Text>
                      </HStack>
                      <HStack gap={2}>
                        <Icon as={ListChecks} aria-hidden />
                        <Text>
                          {progress.passedQuizzes} of {progress.totalQuizzes} quizzes passed
                        </Text>
                      </HStack>
                    </Stack>
                  </>
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    Progress is shown to enrolled learners.
                  </Text>
                )}
                <Button asChild variant="outline" size="sm">
                  <RouterLink to={modulePath(course.id, lesson.module.id)}>Module overview</RouterLink>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        </Grid>
      </Stack>
    </Container>
  );
}
