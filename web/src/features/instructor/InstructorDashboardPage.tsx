import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { Award, ClipboardList, GraduationCap, Plus, Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { DashboardLinkCard } from '../dashboard';
import { MessagesDashboardCard } from '../messages';
import { MyTaughtCoursesQueryDocument } from './authoringDocuments';
import { InstructorOnly, useCourseAuthor } from './InstructorOnly';
import { teachingTotals } from './authoring';
import { TaughtCoursesTable } from './TaughtCoursesTable';

/** /instructor and /instructor/dashboard: my courses with their enrollments and completions. */
export default function InstructorDashboardPage() {
  useDocumentTitle('Instructor dashboard');
  const { user } = useCourseAuthor();
  return (
    <InstructorOnly>
      <Stack gap={8} maxW="6xl" mx="auto">
        <HStack justify="space-between" wrap="wrap" gap={3}>
          <Stack gap={1}>
            <Heading as="h1" size="2xl">
              Instructor dashboard
            </Heading>
            <Text color="fg.muted">
              Welcome back, {user?.displayName}. Here is how your courses are doing.
            </Text>
          </Stack>
          <Button asChild>
            <RouterLink to="/instructor/courses/create">
              <Plus aria-hidden /> Create a course
            </RouterLink>
          </Button>
        </HStack>
        <DashboardContent />
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap={4}>
          <MessagesDashboardCard to="/instructor/messages" />
          <DashboardLinkCard
            to="/instructor/students"
            icon={Users}
            title="Students"
            description="Who is enrolled in your courses and how far they are."
          />
          <DashboardLinkCard
            to="/instructor/quizzes"
            icon={ClipboardList}
            title="Quiz attempts"
            description="Scores of your students' quiz attempts."
          />
          <DashboardLinkCard
            to="/instructor/certificates"
            icon={Award}
            title="Certificates"
            description="Certificates of your courses; issue one by hand."
          />
        </SimpleGrid>
      </Stack>
    </InstructorOnly>
  );
}

function DashboardContent() {
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
  const totals = teachingTotals(rows);
  return (
    <Stack gap={6}>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={4}>
        <Figure label="Courses" value={totals.courses} help={`${totals.published} published`} />
        <Figure label="Enrollments" value={totals.enrollments} help="across all your courses" />
        <Figure label="Completions" value={totals.completions} help="learners who finished" />
        <Figure
          label="Completion rate"
          value={`${totals.completionRate}%`}
          help="completions per enrollment"
        />
      </SimpleGrid>
      <Stack gap={3}>
        <HStack justify="space-between">
          <Heading as="h2" size="lg">
            My courses
          </Heading>
          {rows.length ? (
            <Button asChild size="sm" variant="ghost">
              <RouterLink to="/instructor/courses">All my courses</RouterLink>
            </Button>
          ) : null}
        </HStack>
        {rows.length ? (
          <TaughtCoursesTable rows={rows} compact />
        ) : (
          <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <GraduationCap />
              </EmptyState.Indicator>
              <EmptyState.Title>No courses yet</EmptyState.Title>
              <EmptyState.Description>Your courses and their enrollments appear here.</EmptyState.Description>
              <Button asChild>
                <RouterLink to="/instructor/courses/create">Create your first course</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
      </Stack>
    </Stack>
  );
}

function Figure({ label, value, help }: { label: string; value: number | string; help: string }) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
          <Stat.HelpText>{help}</Stat.HelpText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
