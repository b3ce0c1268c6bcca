import { useQuery } from '@apollo/client/react';
import { Badge, Link, Table, Text } from '@chakra-ui/react';
import { ClipboardList } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { useCourseFilterParam, messageOf, coursePath } from '../learning';
import { formatDateTime } from '../../ui/dateFormat';
import { InstructorListFrame, LearnerCell } from './InstructorListFrame';

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
  const attemptsQuery = useQuery(InstructorQuizAttemptsQueryDocument, {
    variables: { courseId: courseId || null, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { data, previousData, loading, error } = attemptsQuery;
  const pager = useLoadMore(attemptsQuery, 'instructorQuizAttempts', {
    errorTitle: 'More attempts could not be loaded',
    errorDescription: messageOf,
  });

  return (
    <InstructorListFrame
      title="Quiz attempts"
      description="Every submitted attempt at the quizzes of your courses, newest first."
      courseId={courseId}
      onCourseChange={setCourseId}
      otherList={{ label: 'Students', path: '/instructor/students' }}
      error={error}
      page={(data ?? previousData)?.instructorQuizAttempts}
      refreshing={loading && !data}
      pager={pager}
      texts={{
        forbidden: 'Only instructors and staff can see quiz attempts.',
        loadError: 'The quiz attempts could not be loaded',
        loading: 'Loading quiz attempts...',
        count: (n) => `${n} attempt${n === 1 ? '' : 's'}`,
      }}
      empty={{
        icon: <ClipboardList />,
        title: 'No quiz attempts yet',
        description: 'Attempts appear here when learners submit a quiz.',
      }}
      columns={
        <>
          <Table.ColumnHeader>Student</Table.ColumnHeader>
          <Table.ColumnHeader>Quiz</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Score</Table.ColumnHeader>
          <Table.ColumnHeader>Result</Table.ColumnHeader>
          <Table.ColumnHeader whiteSpace="nowrap">Submitted</Table.ColumnHeader>
        </>
      }
      renderRow={(row) => (
        <Table.Row key={row.id}>
          <LearnerCell user={row.user} name={(name) => <Text fontWeight="medium">{name}</Text>} />
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
      )}
    />
  );
}
