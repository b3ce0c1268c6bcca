import { useQuery } from '@apollo/client/react';
import { Badge, Container, Heading, Link, LinkBox, LinkOverlay, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ListTable } from '../../ui/ListTable';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ReviewQueueDocument } from './assignmentDocuments';

const FIGURES = [
  ['enrolled', 'Enrolled'],
  ['submitted', 'Submitted'],
  ['waiting', 'Waiting'],
  ['passed', 'Passed'],
  ['resubmit', 'Resubmit'],
  ['late', 'Late'],
  ['overdue', 'Not submitted, past due'],
] as const;

/**
 * "Reviews": per assignment of the course, its learners by where they are (each row links to its
 * submissions waiting), then the submitted videos not reviewed yet, oldest first (`?assignment=`
 * keeps one assignment's).
 */
export default function ReviewQueuePage() {
  const { courseId = '' } = useParams();
  const [params] = useSearchParams();
  const only = params.get('assignment');
  useDocumentTitle('Reviews waiting');
  const { data, loading, error } = useQuery(ReviewQueueDocument, {
    variables: { courseId },
    fetchPolicy: 'cache-and-network',
  });
  if (!data && loading) return <PageSpinner label="Loading reviews..." />;
  const stats = data?.courseAssignmentStats ?? [];
  const queue = (data?.assignmentReviewQueue ?? []).filter((s) => !only || s.assignmentId === only);
  const onlyTitle = only ? stats.find((a) => a.assignmentId === only)?.title : null;
  const base = `/instructor/courses/${courseId}/reviews`;
  return (
    <Container maxW="5xl" py={6}>
      <Stack gap={4}>
        <Heading as="h1" size="xl">
          Reviews waiting
        </Heading>
        {error ? <Text color="fg.error">{error.message}</Text> : null}
        {stats.length ? (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Assignment</Table.ColumnHeader>
                {FIGURES.map(([key, label]) => (
                  <Table.ColumnHeader key={key} textAlign="end">
                    {label}
                  </Table.ColumnHeader>
                ))}
              </>
            }
          >
            {stats.map((a) => (
              <Table.Row key={a.assignmentId} data-testid="assignment-stats-row">
                <Table.Cell>
                  <Link asChild>
                    <RouterLink to={`${base}?assignment=${a.assignmentId}`}>{a.title}</RouterLink>
                  </Link>
                  <Text fontSize="xs" color="fg.muted">
                    {a.moduleTitle}
                    {a.dueDaysAfterEnrollment
                      ? ` · due ${a.dueDaysAfterEnrollment} days after enrolment`
                      : ''}
                  </Text>
                </Table.Cell>
                {FIGURES.map(([key]) => (
                  <Table.Cell key={key} textAlign="end">
                    {a[key]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </ListTable>
        ) : null}
        {only ? (
          <Text fontSize="sm">
            Waiting for “{onlyTitle ?? 'this assignment'}” ·{' '}
            <Link asChild>
              <RouterLink to={base}>show all</RouterLink>
            </Link>
          </Text>
        ) : null}
        {!error && !queue.length ? <Text color="fg.muted">Nothing waits for review.</Text> : null}
        {queue.map((s) => (
          <LinkBox key={s.id} borderWidth="1px" borderRadius="l2" p={4} data-testid="review-queue-item">
            <LinkOverlay asChild>
              <RouterLink to={`/instructor/reviews/${s.id}`}>
                <Text fontWeight="medium">
                  {s.learnerName} — {s.assignmentTitle}
                </Text>
              </RouterLink>
            </LinkOverlay>
            <Text fontSize="sm" color="fg.muted">
              Attempt {s.attempt} · submitted {new Date(s.createdAt as string).toLocaleString()}{' '}
              {s.late ? (
                <Badge colorPalette="orange" data-testid="review-queue-late">
                  Late
                </Badge>
              ) : null}{' '}
              {s.video?.status !== 'READY' ? <Badge>{s.video?.status ?? 'no video'}</Badge> : null}
            </Text>
          </LinkBox>
        ))}
      </Stack>
    </Container>
  );
}
