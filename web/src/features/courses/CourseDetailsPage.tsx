import { useQuery } from '@apollo/client/react';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  DataList,
  EmptyState,
  Grid,
  GridItem,
  Heading,
  HStack,
  Link,
  List,
  Separator,
  Span,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { BookX, ClipboardCheck, Clock, Pencil, PlayCircle } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import type { CourseDetailsQuery } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canEnterAdminArea, useCurrentUser } from '../auth';
import { CourseEnrollmentActions } from '../learning';
import { CourseCover } from './CourseCover';
import { CoursePreview, previewLesson } from './CoursePreview';
import { coursePriceLabel, formatMinutes, paragraphs, plural } from './courseFormat';

const CourseDetailsQueryDocument = graphql(`
  query CourseDetails($id: ID!) {
    course(id: $id) {
      id
      slug
      title
      summary
      description
      priceCents
      coverImageUrl
      skillLevel
      ageGroup
      memberOnly
      published
      createdAt
      lessonCount
      totalDurationMinutes
      danceStyle {
        id
        name
      }
      category {
        id
        name
      }
      instructor {
        id
        username
        displayName
        firstName
        lastName
        profileImageUrl
      }
      modules {
        id
        title
        position
        lessons {
          id
          title
          position
          durationMinutes
          hostedVideo {
            id
            freePreview
          }
        }
        quizzes {
          id
          title
        }
      }
    }
  }
`);

type Course = NonNullable<CourseDetailsQuery['course']>;

/** /courses/:id (id or slug): the course page with its syllabus and the enrollment actions. */
export default function CourseDetailsPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(CourseDetailsQueryDocument, { variables: { id } });
  const course = data?.course;
  useDocumentTitle(course?.title ?? (loading ? 'Course' : 'Course not found'));

  if (loading && !data) return <PageSpinner label="Loading course..." />;
  if (error && !data) {
    return (
      <Container maxW="3xl" py={12}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The course could not be loaded</Alert.Title>
            <Alert.Description>{error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    );
  }
  if (!course) return <CourseNotFound />;
  return <CourseView course={course} />;
}

function CourseNotFound() {
  return (
    <Container maxW="3xl" py={16}>
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <BookX />
          </EmptyState.Indicator>
          <EmptyState.Title as="h1">Course not found</EmptyState.Title>
          <EmptyState.Description>This course does not exist or is not published yet.</EmptyState.Description>
          <Button asChild>
            <RouterLink to="/courses">Browse courses</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}

function CourseView({ course }: { course: Course }) {
  const { user } = useCurrentUser();
  const canEdit = Boolean(user && (user.id === course.instructor.id || canEnterAdminArea(user)));
  const duration = formatMinutes(course.totalDurationMinutes);
  const quizCount = course.modules.reduce((n, m) => n + m.quizzes.length, 0);
  const instructorName = [course.instructor.firstName, course.instructor.lastName].filter(Boolean).join(' ');
  const description = paragraphs(course.description);

  return (
    <Box>
      <Box as="section" aria-labelledby="course-title" bg="brand.900" color="white">
        <Container maxW="7xl" py={{ base: 8, md: 12 }}>
          <Grid
            templateColumns={{ base: '1fr', lg: '3fr 2fr' }}
            gap={{ base: 6, lg: 10 }}
            alignItems="center"
          >
            <Stack gap={4}>
              <Wrap gap={2}>
                {!course.published ? (
                  <Badge colorPalette="yellow" variant="solid">
                    Draft — only you and staff can see this page
                  </Badge>
                ) : null}
                {course.danceStyle ? (
                  <Badge colorPalette="brand" variant="solid" bg="whiteAlpha.300">
                    {course.danceStyle.name}
                  </Badge>
                ) : null}
                {course.skillLevel ? (
                  <Badge variant="outline" color="white" borderColor="whiteAlpha.600">
                    {course.skillLevel}
                  </Badge>
                ) : null}
                {course.ageGroup ? (
                  <Badge variant="outline" color="white" borderColor="whiteAlpha.600">
                    {course.ageGroup}
                  </Badge>
                ) : null}
                {course.memberOnly ? (
                  <Badge colorPalette="orange" variant="solid">
                    Included in membership
                  </Badge>
                ) : null}
              </Wrap>
              <Heading as="h1" id="course-title" size={{ base: '3xl', md: '4xl' }} lineHeight="short">
                {course.title}
              </Heading>
              {course.summary ? (
                <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
                  {course.summary}
                </Text>
              ) : null}
              <HStack gap={3}>
                <Avatar
                  src={course.instructor.profileImageUrl}
                  username={course.instructor.username}
                  name={instructorName || course.instructor.displayName}
                  size="sm"
                />
                <Text>
                  Taught by{' '}
                  <Link asChild color="white" fontWeight="semibold" textDecoration="underline">
                    <RouterLink to={`/profile/${encodeURIComponent(course.instructor.id)}`}>
                      {course.instructor.displayName}
                    </RouterLink>
                  </Link>
                </Text>
              </HStack>
              <HStack gap={5} fontSize="sm" color="whiteAlpha.900" wrap="wrap">
                <HStack gap={1.5}>
                  <PlayCircle size={16} aria-hidden />
                  <span>{plural(course.lessonCount, 'lesson')}</span>
                </HStack>
                {quizCount ? (
                  <HStack gap={1.5}>
                    <ClipboardCheck size={16} aria-hidden />
                    <span>{plural(quizCount, 'quiz', 'quizzes')}</span>
                  </HStack>
                ) : null}
                {duration ? (
                  <HStack gap={1.5}>
                    <Clock size={16} aria-hidden />
                    <span>{duration} of video</span>
                  </HStack>
                ) : null}
              </HStack>
              {canEdit ? (
                <Box>
                  <Button
                    asChild
                    size="sm"
                    variant="outline"
                    color="white"
                    borderColor="whiteAlpha.600"
                    _hover={{ bg: 'whiteAlpha.200' }}
                  >
                    <RouterLink to={`/instructor/courses/${encodeURIComponent(course.id)}`}>
                      <Pencil size={14} aria-hidden /> Edit course
                    </RouterLink>
                  </Button>
                </Box>
              ) : null}
            </Stack>
            <CourseCover
              title={course.title}
              coverImageUrl={course.coverImageUrl}
              danceStyleName={course.danceStyle?.name}
              rounded="l3"
              priority
            />
          </Grid>
        </Container>
      </Box>

      <Container maxW="7xl" py={{ base: 8, md: 10 }}>
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap={{ base: 8, lg: 10 }} alignItems="start">
          {/* First in the page, as phones show it (a later element shown first moved the content down as
              the page arrived); beside the content from lg. */}
          <GridItem gridColumn={{ lg: 2 }} gridRow={{ lg: 1 }} position={{ lg: 'sticky' }} top={{ lg: 6 }}>
            <Card.Root variant="outline" as="aside" aria-label="Enrollment">
              <Card.Body gap={5}>
                {/* Enroll, continue learning, or how a paid or member course opens (learning module). */}
                <CourseEnrollmentActions courseId={course.id} />
                <Separator />
                <DataList.Root orientation="horizontal" size="sm">
                  <Meta label="Price" value={coursePriceLabel(course.priceCents)} />
                  <Meta label="Lessons" value={String(course.lessonCount)} />
                  {duration ? <Meta label="Video" value={duration} /> : null}
                  {quizCount ? <Meta label="Quizzes" value={String(quizCount)} /> : null}
                  <Meta label="Dance style" value={course.danceStyle?.name} />
                  <Meta label="Skill level" value={course.skillLevel} />
                  <Meta label="Age group" value={course.ageGroup} />
                  <Meta label="Category" value={course.category?.name} />
                  <Meta label="Certificate" value="On completion" />
                </DataList.Root>
              </Card.Body>
            </Card.Root>
          </GridItem>
          <GridItem gridColumn={{ lg: 1 }} gridRow={{ lg: 1 }}>
            <Stack gap={10}>
              <Stack as="section" aria-labelledby="about-heading" gap={3}>
                <Heading as="h2" id="about-heading" size="xl">
                  About this course
                </Heading>
                {description.length ? (
                  description.map((p, i) => (
                    <Text key={i} whiteSpace="pre-line" lineHeight="tall">
                      {p}
                    </Text>
                  ))
                ) : (
                  <Text color="fg.muted">The instructor has not written a description yet.</Text>
                )}
              </Stack>
              <CoursePreview courseId={course.id} lesson={previewLesson(course.modules)} />
              <Syllabus course={course} />
              <InstructorCard course={course} />
            </Stack>
          </GridItem>
        </Grid>
      </Container>
    </Box>
  );
}

function Meta({ label, value }: { label: string; value?: string | null }) {
  if (!value) return null;
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Syllabus({ course }: { course: Course }) {
  return (
    <Stack as="section" aria-labelledby="syllabus-heading" gap={3}>
      <HStack justify="space-between" align="baseline" wrap="wrap">
        <Heading as="h2" id="syllabus-heading" size="xl">
          Syllabus
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {plural(course.modules.length, 'module')} · {plural(course.lessonCount, 'lesson')}
        </Text>
      </HStack>
      {course.modules.length === 0 ? (
        <Text color="fg.muted">The syllabus is being written.</Text>
      ) : (
        <Accordion.Root
          multiple
          defaultValue={course.modules.slice(0, 1).map((m) => m.id)}
          variant="enclosed"
        >
          {course.modules.map((module, index) => {
            const minutes = module.lessons.reduce((n, l) => n + l.durationMinutes, 0);
            return (
              <Accordion.Item key={module.id} value={module.id}>
                <Accordion.ItemTrigger>
                  <Stack gap={0} flex="1" textAlign="start">
                    <Text fontWeight="semibold">
                      Module {index + 1}: {module.title}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {plural(module.lessons.length, 'lesson')}
                      {module.quizzes.length ? ` · ${plural(module.quizzes.length, 'quiz', 'quizzes')}` : ''}
                      {minutes ? ` · ${formatMinutes(minutes)}` : ''}
                    </Text>
                  </Stack>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <List.Root variant="plain" gap={2}>
                      {module.lessons.map((lesson) => (
                        <List.Item key={lesson.id} display="flex" alignItems="center" gap={2}>
                          <List.Indicator asChild color="brand.fg">
                            <PlayCircle size={16} aria-hidden />
                          </List.Indicator>
                          <Span flex="1">{lesson.title}</Span>
                          {lesson.durationMinutes ? (
                            <Span fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                              {formatMinutes(lesson.durationMinutes)}
                            </Span>
                          ) : null}
                        </List.Item>
                      ))}
                      {module.quizzes.map((quiz) => (
                        <List.Item key={quiz.id} display="flex" alignItems="center" gap={2}>
                          <List.Indicator asChild color="orange.fg">
                            <ClipboardCheck size={16} aria-hidden />
                          </List.Indicator>
                          <Span flex="1">Quiz: {quiz.title}</Span>
                        </List.Item>
                      ))}
                    </List.Root>
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            );
          })}
        </Accordion.Root>
      )}
    </Stack>
  );
}

function InstructorCard({ course }: { course: Course }) {
  const { instructor } = course;
  const fullName = [instructor.firstName, instructor.lastName].filter(Boolean).join(' ');
  return (
    <Stack as="section" aria-labelledby="instructor-heading" gap={3}>
      <Heading as="h2" id="instructor-heading" size="xl">
        Your instructor
      </Heading>
      <Card.Root variant="outline">
        <Card.Body>
          <HStack gap={4}>
            <Avatar
              src={instructor.profileImageUrl}
              username={instructor.username}
              name={fullName || instructor.displayName}
              size="lg"
            />
            <Stack gap={0}>
              <Text fontWeight="semibold" fontSize="lg">
                {fullName || instructor.displayName}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                @{instructor.username}
              </Text>
              <Link asChild color="brand.fg" fontSize="sm" mt={1}>
                <RouterLink to={`/profile/${encodeURIComponent(instructor.id)}`}>View profile</RouterLink>
              </Link>
            </Stack>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
