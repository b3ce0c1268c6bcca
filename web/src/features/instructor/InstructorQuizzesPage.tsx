import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Center,
  EmptyState,
  Heading,
  HStack,
  Link,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AdminNotice } from '../admin/AdminNotice';
import { isForbiddenError } from '../admin/graphqlErrors';
import { InstructorCourseFilter, useCourseFilterParam } from '../learning/InstructorCourseFilter';
import { messageOf } from '../learning/learningErrors';
import { formatDateTime } from '../learning/learningFormat';
import { coursePath } from '../learning/learningPaths';

const InstructorQuizAttemptsQueryDocument = graphql(`
  query InstructorQuizAttempts($courseId: ID, $first: Int, $after: String) {
    instructorQuizAttempts(courseId: $courseId, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        scorePercent
        passed
        createdAt
        quizId
        quizTitle
        user {
          id
          username
          displayName
          firstName
          lastName
          profileImageUrl
        }
        course {
          id
          title
        }
      }
    }
  }
`);

const PAGE_SIZE = 25;

/** /instructor/quizzes: attempts at the quizzes of my courses (staff: all courses), newest first. */
export default function InstructorQuizzesPage() {
  useDocumentTitle('Quiz attempts');
  const [courseId, setCourseId] = useCourseFilterParam();
  const { data, previousData, loading, error, fetchMore } = useQuery(InstructorQuizAttemptsQueryDocument, {
    variables: { courseId: courseId || null, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const page = (data ?? previousData)?.instructorQuizAttempts;
  const refreshing = loading && !data;

  async function loadMore() {
    const after = page?.pageInfo.endCursor;
    if (!after) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (loaded, { fetchMoreResult }) => ({
          instructorQuizAttempts: {
            ...fetchMoreResult.instructorQuizAttempts,
            nodes: [...loaded.instructorQuizAttempts.nodes, ...fetchMoreResult.instructorQuizAttempts.nodes],
          },
        }),
      });
    } catch (loadError) {
      toaster.create({
        title: 'More attempts could not be loaded',
        description: messageOf(loadError),
        type: 'error',
      });
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Quiz attempts
        </Heading>
        <Text color="fg.muted">Every submitted attempt at the quizzes of your courses, newest first.</Text>
      </Stack>
      <HStack justify="space-between" align="flex-end" gap={4} flexWrap="wrap">
        <InstructorCourseFilter value={courseId} onChange={setCourseId} />
        <Button asChild variant="outline" bg="bg" size="sm">
          <RouterLink
            to={
              courseId
                ? `/instructor/students?course=${encodeURIComponent(courseId)}`
                : '/instructor/students'
            }
          >
            Students
          </RouterLink>
        </Button>
      </HStack>

      {error && !page ? (
        isForbiddenError(error) ? (
          <AdminNotice title="Only instructors and staff can see quiz attempts." />
        ) : (
          <AdminNotice
            status="error"
            title="The quiz attempts could not be loaded"
            description={error.message}
          />
        )
      ) : !page ? (
        <PageSpinner label="Loading quiz attempts..." minHeight="12rem" />
      ) : (
        <Stack gap={4}>
          <HStack gap={3} minH="6">
            <Text fontWeight="medium" aria-live="polite">
              {refreshing ? 'Loading…' : `${page.totalCount} attempt${page.totalCount === 1 ? '' : 's'}`}
            </Text>
            {refreshing && <Spinner size="sm" color="brand.solid" />}
          </HStack>
          {page.nodes.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <ClipboardList />
                </EmptyState.Indicator>
                <EmptyState.Title>No quiz attempts yet</EmptyState.Title>
                <EmptyState.Description>
                  Attempts appear here when learners submit a quiz.
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
              <Table.Root size="sm" opacity={refreshing ? 0.6 : 1}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Student</Table.ColumnHeader>
                    <Table.ColumnHeader>Quiz</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Score</Table.ColumnHeader>
                    <Table.ColumnHeader>Result</Table.ColumnHeader>
                    <Table.ColumnHeader whiteSpace="nowrap">Submitted</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {page.nodes.map((row) => {
                    const fullName = [row.user.firstName, row.user.lastName].filter(Boolean).join(' ');
                    return (
                      <Table.Row key={row.id}>
                        <Table.Cell>
                          <HStack gap={3}>
                            <Avatar
                              src={row.user.profileImageUrl}
                              username={row.user.username}
                              name={fullName || row.user.displayName}
                              size="sm"
                            />
                            <Box>
                              <Text fontWeight="medium">{fullName || row.user.displayName}</Text>
                              <Text fontSize="xs" color="fg.muted">
                                @{row.user.username}
                              </Text>
                            </Box>
                          </HStack>
                        </Table.Cell>
                        <Table.Cell>
                          <Text fontWeight="medium">{row.quizTitle}</Text>
                          <Link asChild fontSize="xs" color="fg.muted">
                            <RouterLink to={coursePath(row.course.id)}>{row.course.title}</RouterLink>
                          </Link>
                        </Table.Cell>
                        <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" fontWeight="semibold">
                          {row.scorePercent}%
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={row.passed ? 'green' : 'red'} variant="subtle">
                            {row.passed ? 'Passed' : 'Not passed'}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(row.createdAt)}</Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          {page.pageInfo.hasNextPage ? (
            <Center>
              <Button
                variant="outline"
                bg="bg"
                onClick={() => void loadMore()}
                loading={loadingMore}
                loadingText="Loading…"
              >
                Load more
              </Button>
            </Center>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
