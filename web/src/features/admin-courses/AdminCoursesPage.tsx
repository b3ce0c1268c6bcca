import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Center,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  Link,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { BookX, Plus, Search } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AdminCoursesQuery } from '../../gql/graphql';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useSettlingText } from '../../ui/useSettlingText';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { coursePath, coursePriceLabel, plural, useCourseMutation } from '../courses';
import { CoursePublishMutationDocument } from '../instructor';
import { AdminCoursesQueryDocument, CourseAssignInstructorMutationDocument } from './adminCourseDocuments';
import { InstructorSelect } from './InstructorSelect';

const PAGE_SIZE = 25;

type Connection = AdminCoursesQuery['adminCourses'];
type AdminCourse = Connection['nodes'][number];

const STATUS_OPTIONS = [
  { value: '', label: 'All courses' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
];

/** /admin/courses: every course with search and status filter; publish, unpublish, assign instructor. */
export default function AdminCoursesPage() {
  useDocumentTitle('Courses');
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const status = params.get('status') ?? '';

  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);
  const setParam = (name: 'search' | 'status', value: string) => {
    const next = new URLSearchParams(latestParams.current);
    if (value) next.set(name, value);
    else next.delete(name);
    latestParams.current = next;
    setParams(next, { replace: true });
  };

  const { text, onText } = useSettlingText(urlSearch, (value) => setParam('search', value.trim()));

  const search = urlSearch.trim();
  const published = status === 'published' ? true : status === 'draft' ? false : null;
  const coursesQuery = useQuery(AdminCoursesQueryDocument, {
    variables: { first: PAGE_SIZE, search: search || null, published },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { data, previousData, loading, error } = coursesQuery;
  const pager = useLoadMore(coursesQuery, 'adminCourses', {
    errorTitle: 'More courses could not be loaded',
    filterKey: `${search}\u0000${status}`,
  });
  const connection = (data ?? previousData)?.adminCourses;
  const refreshing = loading && !data;

  return (
    <Stack gap={6} maxW="7xl" mx="auto">
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Courses
          </Heading>
          <Text color="fg.muted">
            Every course, drafts included. Publish, unpublish and assign instructors.
          </Text>
        </Stack>
        <Button asChild>
          <RouterLink to="/admin/course-creator">
            <Plus aria-hidden /> Create a course
          </RouterLink>
        </Button>
      </HStack>

      <Stack direction={{ base: 'column', md: 'row' }} gap={4} align={{ md: 'flex-end' }}>
        <Field.Root flex="2">
          <Field.Label>Search courses</Field.Label>
          <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
            <Input
              type="search"
              bg="bg"
              placeholder="Title or words of the description"
              value={text}
              onChange={(e) => onText(e.target.value)}
            />
          </InputGroup>
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root bg="bg">
            <NativeSelect.Field value={status} onChange={(e) => setParam('status', e.target.value)}>
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>

      {error && !connection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The courses could not be loaded</Alert.Title>
            <Alert.Description>{error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : !connection ? (
        <Center minH="12rem">
          <Spinner color="brand.solid" />
        </Center>
      ) : (
        <Stack gap={4}>
          <HStack gap={3} minH="6">
            <Text fontWeight="medium" aria-live="polite">
              {refreshing ? 'Searching…' : plural(connection.totalCount, 'course')}
            </Text>
            {refreshing && <Spinner size="sm" color="brand.solid" />}
          </HStack>
          {connection.nodes.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <BookX />
                </EmptyState.Indicator>
                <EmptyState.Title>No courses match</EmptyState.Title>
                <EmptyState.Description>Try other words, or show all courses.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
              <Table.Root size="sm" opacity={refreshing ? 0.6 : 1}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Course</Table.ColumnHeader>
                    <Table.ColumnHeader minW="56">Instructor</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader>Price</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Lessons</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Text srOnly>Actions</Text>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {connection.nodes.map((course) => (
                    <CourseRow key={course.id} course={course} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <LoadMoreButton pager={pager} disabled={refreshing} />
        </Stack>
      )}
    </Stack>
  );
}

function CourseRow({ course }: { course: AdminCourse }) {
  const publish = useCourseMutation(
    CoursePublishMutationDocument,
    course.published ? 'Not unpublished' : 'Not published',
  );
  const assign = useCourseMutation(CourseAssignInstructorMutationDocument, 'Instructor not changed');
  return (
    <Table.Row data-testid="admin-course-row">
      <Table.Cell>
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={coursePath(course)}>{course.title}</RouterLink>
        </Link>
        <Text fontSize="xs" color="fg.muted">
          {course.danceStyle?.name ?? 'No style'} · created{' '}
          {new Date(String(course.createdAt)).toLocaleDateString('en-US')}
        </Text>
        {publish.userErrors.length ? (
          <Text fontSize="xs" color="fg.error">
            {publish.userErrors[0].message}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <InstructorSelect
          size="sm"
          label={`Instructor of ${course.title}`}
          value={course.instructor.id}
          current={course.instructor}
          disabled={assign.loading}
          onChange={(instructorId) => {
            if (instructorId && instructorId !== course.instructor.id) {
              void assign.run({ courseId: course.id, instructorId }, 'Instructor assigned');
            }
          }}
        />
        {assign.userErrors.length ? (
          <Text fontSize="xs" color="fg.error">
            {assign.userErrors[0].message}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={course.published ? 'green' : 'yellow'} variant="subtle">
          {course.published ? 'Published' : 'Draft'}
        </Badge>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{coursePriceLabel(course.priceCents)}</Table.Cell>
      <Table.Cell textAlign="end">{course.lessonCount}</Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap={1} justify="flex-end">
          <Button
            size="xs"
            variant={course.published ? 'outline' : 'solid'}
            loading={publish.loading}
            onClick={() =>
              void publish.run(
                { courseId: course.id, published: !course.published },
                course.published ? 'Course unpublished' : 'Course published',
              )
            }
          >
            {course.published ? 'Unpublish' : 'Publish'}
          </Button>
          <Button asChild size="xs" variant="ghost">
            <RouterLink to={`/instructor/courses/${encodeURIComponent(course.id)}`}>Edit</RouterLink>
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
