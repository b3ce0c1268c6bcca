import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { BookX, ChartNoAxesColumn, ExternalLink } from 'lucide-react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { InstructorCourseQuery } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import {
  coursePath,
  ConfirmButton,
  CourseForm,
  courseInputOf,
  formatMinutes,
  plural,
  useCourseMutation,
} from '../courses';
import {
  CourseDeleteMutationDocument,
  CoursePublishMutationDocument,
  CourseUpdateMutationDocument,
  InstructorCourseQueryDocument,
} from './authoringDocuments';
import { CurriculumEditor } from './CurriculumEditor';
import { InstructorOnly, useCourseAuthor } from './InstructorOnly';

type Course = NonNullable<InstructorCourseQuery['instructorCourse']>;

/** /instructor/courses/:id: the course's details, publishing, and its modules, lessons and quizzes. */
export default function InstructorCourseEditPage() {
  return (
    <InstructorOnly>
      <CourseEditor />
    </InstructorOnly>
  );
}

function CourseEditor() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(InstructorCourseQueryDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const course = data?.instructorCourse;
  useDocumentTitle(course ? `Edit: ${course.title}` : 'Edit course');

  if (loading && !data) return <PageSpinner label="Loading course..." />;
  if (error && !data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The course could not be loaded</Alert.Title>
          <Alert.Description>{error.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!course) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <BookX />
          </EmptyState.Indicator>
          <EmptyState.Title as="h1">Course not found</EmptyState.Title>
          <EmptyState.Description>
            It does not exist, or it is not one of your courses.
          </EmptyState.Description>
          <Button asChild>
            <RouterLink to="/instructor/courses">My courses</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return <CourseEditorView course={course} />;
}

function CourseEditorView({ course }: { course: Course }) {
  const { staff, user } = useCourseAuthor();
  const navigate = useNavigate();
  const update = useCourseMutation(CourseUpdateMutationDocument, 'Course not saved');
  const remove = useCourseMutation(CourseDeleteMutationDocument, 'Course not deleted');
  const duration = formatMinutes(course.totalDurationMinutes);
  const someoneElses = user?.id !== course.instructor.id;

  return (
    <Stack gap={8} maxW="5xl" mx="auto">
      <Stack gap={3}>
        <Text fontSize="sm" color="fg.muted">
          <Link asChild color="brand.fg">
            <RouterLink to={staff && someoneElses ? '/admin/courses' : '/instructor/courses'}>
              {staff && someoneElses ? '← All courses' : '← My courses'}
            </RouterLink>
          </Link>
        </Text>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap={4}>
          <Stack gap={2}>
            <HStack gap={3} wrap="wrap">
              <Heading as="h1" size="2xl">
                {course.title}
              </Heading>
              <Badge
                colorPalette={course.published ? 'green' : 'yellow'}
                variant="solid"
                data-testid="course-status"
              >
                {course.published ? 'Published' : 'Draft'}
              </Badge>
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {plural(course.curriculum.length, 'module')} · {plural(course.lessonCount, 'lesson')}
              {duration ? ` · ${duration}` : ''}
              {someoneElses ? ` · taught by ${course.instructor.displayName}` : ''}
            </Text>
          </Stack>
          <HStack gap={2} wrap="wrap">
            <Button asChild variant="outline" size="sm">
              <RouterLink to={`/instructor/courses/${course.id}/video-stats`}>
                <ChartNoAxesColumn aria-hidden /> Video stats
              </RouterLink>
            </Button>
            <Button asChild variant="outline" size="sm">
              <RouterLink to={coursePath(course)}>
                <ExternalLink aria-hidden /> View course page
              </RouterLink>
            </Button>
          </HStack>
        </HStack>
        <PublishPanel course={course} />
      </Stack>

      <Card.Root variant="outline" as="section" aria-labelledby="details-heading">
        <Card.Header>
          <Card.Title as="h2" id="details-heading">
            Course details
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <CourseForm
            key={course.id}
            initial={course}
            submitLabel="Save details"
            submitting={update.loading}
            userErrors={update.userErrors}
            onSubmit={(values) =>
              update.run({ courseId: course.id, ...courseInputOf(values) }, 'Course saved')
            }
          />
        </Card.Body>
      </Card.Root>

      <Stack as="section" aria-labelledby="curriculum-heading" gap={4}>
        <Stack gap={1}>
          <Heading as="h2" id="curriculum-heading" size="xl">
            Curriculum
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Learners see module, lesson and quiz titles on the course page; lesson text, videos and quizzes
            open once they enrol.
          </Text>
        </Stack>
        <CurriculumEditor course={course} />
      </Stack>

      <Card.Root variant="outline" borderColor="red.muted" as="section" aria-labelledby="danger-heading">
        <Card.Body>
          <HStack justify="space-between" wrap="wrap" gap={4}>
            <Stack gap={1}>
              <Heading as="h2" id="danger-heading" size="md">
                Delete this course
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Only a course nobody is enrolled in can be deleted. Unpublish it to take it out of the
                catalogue.
              </Text>
              {remove.userErrors.length ? (
                <Text fontSize="sm" color="fg.error">
                  {remove.userErrors[0].message}
                </Text>
              ) : null}
            </Stack>
            <ConfirmButton
              colorPalette="red"
              variant="outline"
              title={`Delete "${course.title}"?`}
              description="The course, its modules, lessons and quizzes are deleted for good."
              confirmLabel="Delete course"
              onConfirm={async () => {
                const done = await remove.run({ courseId: course.id }, 'Course deleted');
                if (done) navigate(staff && someoneElses ? '/admin/courses' : '/instructor/courses');
                return true;
              }}
            >
              Delete course
            </ConfirmButton>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function PublishPanel({ course }: { course: Course }) {
  const publish = useCourseMutation(CoursePublishMutationDocument, 'Not published');
  const problem = publish.userErrors[0]?.message;
  return (
    <Stack gap={3}>
      <Alert.Root status={course.published ? 'success' : 'info'} variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {course.published ? 'This course is in the catalogue.' : 'This course is a draft.'}
          </Alert.Title>
          <Alert.Description>
            {course.published
              ? 'Everyone can find it on /courses. Unpublish it to hide it while you rework it.'
              : 'Only you and staff can see it. Publish it when it has at least one module with a lesson.'}
          </Alert.Description>
        </Alert.Content>
        <Box alignSelf="center">
          <Button
            size="sm"
            variant={course.published ? 'outline' : 'solid'}
            loading={publish.loading}
            onClick={() =>
              void publish.run(
                { courseId: course.id, published: !course.published },
                course.published ? 'Course unpublished' : 'Course published',
              )
            }
          >
            {course.published ? 'Unpublish' : 'Publish course'}
          </Button>
        </Box>
      </Alert.Root>
      {problem ? (
        <Alert.Root status="error" data-testid="publish-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
