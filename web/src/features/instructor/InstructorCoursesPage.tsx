import { useQuery } from '@apollo/client/react';
import { Alert, Button, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { GraduationCap, Plus } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { plural } from '../courses';
import { MyTaughtCoursesQueryDocument } from './authoringDocuments';
import { InstructorOnly } from './InstructorOnly';
import { TaughtCoursesTable } from './TaughtCoursesTable';

/** /instructor/courses: the courses I teach, drafts included, with edit links. */
export default function InstructorCoursesPage() {
  useDocumentTitle('My courses');
  return (
    <InstructorOnly>
      <Stack gap={6} maxW="6xl" mx="auto">
        <HStack justify="space-between" wrap="wrap" gap={3}>
          <Stack gap={1}>
            <Heading as="h1" size="2xl">
              My courses
            </Heading>
            <Text color="fg.muted">Drafts are visible only to you and staff until you publish them.</Text>
          </Stack>
          <Button asChild>
            <RouterLink to="/instructor/courses/create">
              <Plus aria-hidden /> Create a course
            </RouterLink>
          </Button>
        </HStack>
        <CourseList />
      </Stack>
    </InstructorOnly>
  );
}

function CourseList() {
  const { data, loading, error } = useQuery(MyTaughtCoursesQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  if (loading && !data) return <PageSpinner label="Loading your courses..." minHeight="12rem" />;
  if (error && !data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Your courses could not be loaded: {error.message}</Alert.Title>
      </Alert.Root>
    );
  }
  const rows = data?.myTaughtCourses ?? [];
  if (!rows.length) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <GraduationCap />
          </EmptyState.Indicator>
          <EmptyState.Title>You have no courses yet</EmptyState.Title>
          <EmptyState.Description>
            Create your first certification course: details first, then modules and lessons.
          </EmptyState.Description>
          <Button asChild>
            <RouterLink to="/instructor/courses/create">Create a course</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap={3}>
      <Text fontWeight="medium">{plural(rows.length, 'course')}</Text>
      <TaughtCoursesTable rows={rows} />
    </Stack>
  );
}
