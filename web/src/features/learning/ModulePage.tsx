import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Icon,
  LinkBox,
  LinkOverlay,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, CheckCircle2, Circle, ClipboardList, PlayCircle } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CourseProgressBar, LearningBreadcrumb, LearningNotice, NotEnrolledNotice } from './LearningBits';
import { isNotEnrolledError } from './learningErrors';
import { coursePath, lessonPath, modulePath, quizPath, stepPath } from './learningPaths';
import { ModuleAssignmentsList } from '../assignments';

const ModulePageQueryDocument = graphql(`
  query ModulePage($courseId: ID!, $moduleId: ID!) {
    courseModule(courseId: $courseId, moduleId: $moduleId) {
      id
      title
      position
      previousModuleId
      nextModuleId
      lessons {
        id
        title
        position
        durationMinutes
        completed
      }
      quizzes {
        id
        title
        passMarkPercent
        questionCount
        passed
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

/** A module of a course: its lessons and quizzes with my progress, and the way through them. */
export default function ModulePage() {
  const { courseId = '', moduleId = '' } = useParams();
  const { data, loading, error } = useQuery(ModulePageQueryDocument, {
    variables: { courseId, moduleId },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const module = data?.courseModule;
  useDocumentTitle(module?.title ?? 'Course module');

  if (!module) {
    if (error) {
      return isNotEnrolledError(error) ? (
        <NotEnrolledNotice courseId={courseId} />
      ) : (
        <LearningNotice status="error" title="The module could not be loaded" description={error.message} />
      );
    }
    if (loading) return <PageSpinner label="Loading module..." />;
    return (
      <LearningNotice title="Module not found" description="This module does not exist or was removed." />
    );
  }

  const course = module.course;
  const progress = course.viewerProgress;
  const next = progress?.nextStep;
  const doneInModule =
    module.lessons.filter((l) => l.completed).length + module.quizzes.filter((q) => q.passed).length;
  const stepsInModule = module.lessons.length + module.quizzes.length;

  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <LearningBreadcrumb
          items={[
            { label: 'Courses', to: '/courses' },
            { label: course.title, to: coursePath(course.id) },
            { label: module.title },
          ]}
        />
        <Stack gap={2}>
          <Text color="fg.muted" fontSize="sm">
            Module {module.position + 1} · {doneInModule} of {stepsInModule} done
          </Text>
          <Heading as="h1" size="2xl">
            {module.title}
          </Heading>
        </Stack>

        {progress ? (
          <Card.Root variant="subtle">
            <Card.Body>
              <Stack gap={3}>
                <CourseProgressBar percent={progress.percent} />
                {next && !progress.completed ? (
                  <Box>
                    <Button asChild size="sm">
                      <RouterLink to={stepPath(course.id, next)}>
                        <PlayCircle aria-hidden />
                        Continue learning: {next.title}
                      </RouterLink>
                    </Button>
                  </Box>
                ) : null}
              </Stack>
            </Card.Body>
          </Card.Root>
        ) : null}

        <Stack gap={3} as="section" aria-labelledby="module-lessons">
          <Heading as="h2" size="md" id="module-lessons">
            Lessons
          </Heading>
          {module.lessons.length === 0 ? (
            <Text color="fg.muted">This module has no lessons yet.</Text>
          ) : (
            <Stack gap={2}>
              {module.lessons.map((lesson, index) => (
                <LinkBox
                  key={lesson.id}
                  as="article"
                  borderWidth="1px"
                  borderRadius="l2"
                  p={4}
                  bg="bg"
                  _hover={{ borderColor: 'brand.emphasized', bg: 'brand.subtle' }}
                >
                  <HStack gap={3}>
                    <Icon
                      as={lesson.completed ? CheckCircle2 : Circle}
                      color={lesson.completed ? 'green.fg' : 'fg.subtle'}
                      boxSize={5}
                      aria-label={lesson.completed ? 'Completed' : 'Not completed'}
                    />
                    <Stack gap={0} flex="1">
                      <LinkOverlay asChild>
                        <RouterLink to={lessonPath(course.id, module.id, lesson.id)}>
                          <Text fontWeight="medium">
                            {index + 1}. {lesson.title}
                          </Text>
                        </RouterLink>
                      </LinkOverlay>
                      {lesson.durationMinutes > 0 ? (
                        <Text fontSize="sm" color="fg.muted">
                          {lesson.durationMinutes} min
                        </Text>
                      ) : null}
                    </Stack>
                    {lesson.completed ? (
                      <Badge colorPalette="green" variant="subtle">
                        Completed
                      </Badge>
                    ) : null}
                  </HStack>
                </LinkBox>
              ))}
            </Stack>
          )}
        </Stack>

        {module.quizzes.length > 0 ? (
          <Stack gap={3} as="section" aria-labelledby="module-quizzes">
            <Heading as="h2" size="md" id="module-quizzes">
              Quizzes
            </Heading>
            {module.quizzes.map((quiz) => (
              <LinkBox
                key={quiz.id}
                as="article"
                borderWidth="1px"
                borderRadius="l2"
                p={4}
                bg="bg"
                _hover={{ borderColor: 'brand.emphasized', bg: 'brand.subtle' }}
              >
                <HStack gap={3}>
                  <Icon
                    as={ClipboardList}
                    color={quiz.passed ? 'green.fg' : 'brand.solid'}
                    boxSize={5}
                    aria-hidden
                  />
                  <Stack gap={0} flex="1">
                    <LinkOverlay asChild>
                      <RouterLink to={quizPath(course.id, module.id, quiz.id)}>
                        <Text fontWeight="medium">{quiz.title}</Text>
                      </RouterLink>
                    </LinkOverlay>
                    <Text fontSize="sm" color="fg.muted">
                      {quiz.questionCount} questions · pass mark {quiz.passMarkPercent}%
                    </Text>
                  </Stack>
                  <Badge colorPalette={quiz.passed ? 'green' : 'gray'} variant="subtle">
                    {quiz.passed ? 'Passed' : 'Not passed yet'}
                  </Badge>
                </HStack>
              </LinkBox>
            ))}
          </Stack>
        ) : null}

        <ModuleAssignmentsList courseId={course.id} moduleId={module.id} />

        <HStack as="nav" aria-label="Module navigation" justify="space-between" gap={3} flexWrap="wrap">
          {module.previousModuleId ? (
            <Button asChild variant="outline">
              <RouterLink to={modulePath(course.id, module.previousModuleId)}>
                <ArrowLeft aria-hidden />
                Previous module
              </RouterLink>
            </Button>
          ) : (
            <Box />
          )}
          {module.nextModuleId ? (
            <Button asChild variant="outline">
              <RouterLink to={modulePath(course.id, module.nextModuleId)}>
                Next module
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
    </Container>
  );
}
