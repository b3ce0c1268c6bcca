import { useQuery } from '@apollo/client/react';
import { Badge, HStack, Link, Progress, Table, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { useCourseFilterParam, messageOf, sourceLabel, coursePath } from '../learning';
import { formatDate } from '../../ui/dateFormat';
import { InstructorListFrame, LearnerCell } from './InstructorListFrame';

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
  const studentsQuery = useQuery(InstructorStudentsQueryDocument, {
    variables: { courseId: courseId || null, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { data, previousData, loading, error } = studentsQuery;
  const pager = useLoadMore(studentsQuery, 'instructorStudents', {
    errorTitle: 'More students could not be loaded',
    errorDescription: messageOf,
  });

  return (
    <InstructorListFrame
      title="Students"
      description="Learners enrolled in your courses and how far they are."
      courseId={courseId}
      onCourseChange={setCourseId}
      otherList={{ label: 'Quiz attempts', path: '/instructor/quizzes' }}
      error={error}
      page={(data ?? previousData)?.instructorStudents}
      refreshing={loading && !data}
      pager={pager}
      texts={{
        forbidden: 'Only instructors and staff can see students.',
        loadError: 'The students could not be loaded',
        loading: 'Loading students...',
        count: (n) => `${n} enrollment${n === 1 ? '' : 's'}`,
      }}
      empty={{
        icon: <Users />,
        title: 'No students yet',
        description: courseId
          ? 'Nobody is enrolled in this course yet.'
          : 'Learners appear here when they enroll.',
      }}
      columns={
        <>
          <Table.ColumnHeader>Student</Table.ColumnHeader>
          <Table.ColumnHeader>Course</Table.ColumnHeader>
          <Table.ColumnHeader minW="40">Progress</Table.ColumnHeader>
          <Table.ColumnHeader whiteSpace="nowrap">Enrolled</Table.ColumnHeader>
          <Table.ColumnHeader whiteSpace="nowrap">Completed</Table.ColumnHeader>
        </>
      }
      renderRow={(row) => (
        <Table.Row key={row.id}>
          <LearnerCell
            user={row.user}
            name={(name) => (
              <Link asChild color="brand.fg" fontWeight="medium">
                <RouterLink to={`/profile/${encodeURIComponent(row.user.id)}`}>{name}</RouterLink>
              </Link>
            )}
          />
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
      )}
    />
  );
}
