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
  Progress,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Users } from 'lucide-react';
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
import { formatDate, sourceLabel } from '../learning/learningFormat';
import { coursePath } from '../learning/learningPaths';

const InstructorStudentsQueryDocument = graphql(`
  query InstructorStudents($courseId: ID, $first: Int, $after: String) {
    instructorStudents(courseId: $courseId, first: $first, after: $after) {
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
        progress {
          percent
          completedLessons
          totalLessons
          passedQuizzes
          totalQuizzes
        }
      }
    }
  }
`);

const PAGE_SIZE = 25;

/** /instructor/students: the learners of my courses (staff: all courses) with their progress. */
export default function InstructorStudentsPage() {
  useDocumentTitle('Students');
  const [courseId, setCourseId] = useCourseFilterParam();
  const { data, previousData, loading, error, fetchMore } = useQuery(InstructorStudentsQueryDocument, {
    variables: { courseId: courseId || null, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const page = (data ?? previousData)?.instructorStudents;
  const refreshing = loading && !data;

  async function loadMore() {
    const after = page?.pageInfo.endCursor;
    if (!after) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (loaded, { fetchMoreResult }) => ({
          instructorStudents: {
            ...fetchMoreResult.instructorStudents,
            nodes: [...loaded.instructorStudents.nodes, ...fetchMoreResult.instructorStudents.nodes],
          },
        }),
      });
    } catch (loadError) {
      toaster.create({
        title: 'More students could not be loaded',
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
          Students
        </Heading>
        <Text color="fg.muted">Learners enrolled in your courses and how far they are.</Text>
      </Stack>
      <HStack justify="space-between" align="flex-end" gap={4} flexWrap="wrap">
        <InstructorCourseFilter value={courseId} onChange={setCourseId} />
        <Button asChild variant="outline" bg="bg" size="sm">
          <RouterLink
            to={
              courseId ? `/instructor/quizzes?course=${encodeURIComponent(courseId)}` : '/instructor/quizzes'
            }
          >
            Quiz attempts
          </RouterLink>
        </Button>
      </HStack>

      {error && !page ? (
        isForbiddenError(error) ? (
          <AdminNotice title="Only instructors and staff can see students." />
        ) : (
          <AdminNotice status="error" title="The students could not be loaded" description={error.message} />
        )
      ) : !page ? (
        <PageSpinner label="Loading students..." minHeight="12rem" />
      ) : (
        <Stack gap={4}>
          <HStack gap={3} minH="6">
            <Text fontWeight="medium" aria-live="polite">
              {refreshing ? 'Loading…' : `${page.totalCount} enrollment${page.totalCount === 1 ? '' : 's'}`}
            </Text>
            {refreshing && <Spinner size="sm" color="brand.solid" />}
          </HStack>
          {page.nodes.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <Users />
                </EmptyState.Indicator>
                <EmptyState.Title>No students yet</EmptyState.Title>
                <EmptyState.Description>
                  {courseId
                    ? 'Nobody is enrolled in this course yet.'
                    : 'Learners appear here when they enroll.'}
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
              <Table.Root size="sm" opacity={refreshing ? 0.6 : 1}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Student</Table.ColumnHeader>
                    <Table.ColumnHeader>Course</Table.ColumnHeader>
                    <Table.ColumnHeader minW="40">Progress</Table.ColumnHeader>
                    <Table.ColumnHeader whiteSpace="nowrap">Enrolled</Table.ColumnHeader>
                    <Table.ColumnHeader whiteSpace="nowrap">Completed</Table.ColumnHeader>
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
                              <Link asChild color="brand.fg" fontWeight="medium">
                                <RouterLink to={`/profile/${encodeURIComponent(row.user.id)}`}>
                                  {fullName || row.user.displayName}
                                </RouterLink>
                              </Link>
                              <Text fontSize="xs" color="fg.muted">
                                @{row.user.username}
                              </Text>
                            </Box>
                          </HStack>
                        </Table.Cell>
                        <Table.Cell>
                          <Link asChild>
                            <RouterLink to={coursePath(row.course.id)}>{row.course.title}</RouterLink>
                          </Link>
                          <Text fontSize="xs" color="fg.muted">
                            {sourceLabel(row.source)}
                          </Text>
                        </Table.Cell>
                        <Table.Cell>
                          <Progress.Root value={row.progress.percent} size="sm" aria-label="Progress">
                            <HStack gap={2}>
                              <Progress.Track flex="1" borderRadius="full">
                                <Progress.Range />
                              </Progress.Track>
                              <Progress.ValueText fontSize="xs">{row.progress.percent}%</Progress.ValueText>
                            </HStack>
                          </Progress.Root>
                          <Text fontSize="xs" color="fg.muted" mt={1}>
                            {row.progress.completedLessons}/{row.progress.totalLessons} lessons ·{' '}
                            {row.progress.passedQuizzes}/{row.progress.totalQuizzes} quizzes
                          </Text>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDate(row.createdAt)}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          {row.completedAt ? (
                            <Badge colorPalette="green" variant="subtle">
                              {formatDate(row.completedAt)}
                            </Badge>
                          ) : (
                            <Text color="fg.muted">—</Text>
                          )}
                        </Table.Cell>
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
