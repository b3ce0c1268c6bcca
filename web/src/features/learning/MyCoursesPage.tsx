import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  EmptyState,
  Heading,
  HStack,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { BookOpen, GraduationCap, PlayCircle } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { CourseProgressBar, LearningNotice } from './LearningBits';
import { messageOf } from './learningErrors';
import { formatDate } from '../../ui/dateFormat';
import { coursePath, stepPath } from './learningPaths';

const MyCoursesQueryDocument = graphql(`
  query MyCourses($first: Int, $after: String) {
    myEnrollments(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        source
        createdAt
        completedAt
        progress {
          ...CourseProgressFields
        }
        course {
          id
          title
          summary
          coverImageUrl
        }
      }
    }
  }
`);

const PAGE_SIZE = 12;

/** /my-courses: the courses I am enrolled in, with my progress and the way back in. */
export default function MyCoursesPage() {
  useDocumentTitle('My Courses');
  const enrollmentsQuery = useQuery(MyCoursesQueryDocument, {
    variables: { first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { data, error } = enrollmentsQuery;
  const pager = useLoadMore(enrollmentsQuery, 'myEnrollments', {
    errorTitle: 'More courses could not be loaded',
    errorDescription: messageOf,
  });
  const page = data?.myEnrollments;

  if (!page) {
    if (error) {
      return (
        <LearningNotice status="error" title="Your courses could not be loaded" description={error.message} />
      );
    }
    return <PageSpinner label="Loading your courses..." />;
  }

  return (
    <Container maxW="6xl" py={{ base: 8, md: 12 }}>
      <Stack gap={8}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            My Courses
          </Heading>
          <Text color="fg.muted">
            {page.totalCount === 0
              ? 'Courses you enroll in appear here.'
              : `${page.totalCount} course${page.totalCount === 1 ? '' : 's'} · pick up where you left off.`}
          </Text>
        </Stack>

        {/* The cached answer decides, refreshing or not: the server's render (never loading) must equal
            the first one in the browser (loading while cache-and-network asks again). */}
        {page.nodes.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <GraduationCap />
              </EmptyState.Indicator>
              <EmptyState.Title>You are not enrolled in any course yet</EmptyState.Title>
              <EmptyState.Description>
                Start with our free course, Foundations of Teaching Dance, or browse the catalogue.
              </EmptyState.Description>
              <Button asChild>
                <RouterLink to="/courses">Browse courses</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={6}>
            {page.nodes.map((enrollment) => {
              const { course, progress } = enrollment;
              const done = progress.completed || !!enrollment.completedAt;
              const next = progress.nextStep;
              return (
                <Card.Root key={enrollment.id} variant="outline" overflow="hidden" data-testid="my-course">
                  {course.coverImageUrl ? (
                    <Image src={course.coverImageUrl} alt="" height="36" objectFit="cover" />
                  ) : (
                    <Center height="36" bg="brand.subtle" color="brand.solid">
                      <BookOpen size={40} aria-hidden />
                    </Center>
                  )}
                  <Card.Body gap={3}>
                    <HStack gap={2}>
                      <Badge colorPalette={done ? 'green' : 'brand'} variant="subtle">
                        {done ? 'Completed' : progress.percent > 0 ? 'In progress' : 'Not started'}
                      </Badge>
                      <Text fontSize="xs" color="fg.muted">
                        Enrolled {formatDate(enrollment.createdAt)}
                      </Text>
                    </HStack>
                    <Heading as="h2" size="md">
                      <RouterLink to={coursePath(course.id)}>{course.title}</RouterLink>
                    </Heading>
                    {course.summary ? (
                      <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                        {course.summary}
                      </Text>
                    ) : null}
                    <CourseProgressBar percent={progress.percent} size="sm" label="Progress" />
                    <Text fontSize="xs" color="fg.muted">
                      {progress.completedLessons}/{progress.totalLessons} lessons · {progress.passedQuizzes}/
                      {progress.totalQuizzes} quizzes
                      {enrollment.completedAt ? ` · completed ${formatDate(enrollment.completedAt)}` : ''}
                    </Text>
                  </Card.Body>
                  <Card.Footer>
                    {next ? (
                      <Button asChild size="sm" variant={done ? 'outline' : 'solid'} width="full">
                        <RouterLink to={stepPath(course.id, next)}>
                          <PlayCircle aria-hidden />
                          {done
                            ? 'Review the course'
                            : progress.percent > 0
                              ? 'Continue learning'
                              : 'Start learning'}
                          <Box as="span" srOnly>
                            {' '}
                            {course.title}
                          </Box>
                        </RouterLink>
                      </Button>
                    ) : (
                      <Button asChild size="sm" variant="outline" width="full">
                        <RouterLink to={coursePath(course.id)}>Open course</RouterLink>
                      </Button>
                    )}
                  </Card.Footer>
                </Card.Root>
              );
            })}
          </SimpleGrid>
        )}

        <LoadMoreButton pager={pager} />
      </Stack>
    </Container>
  );
}
