import { useQuery } from '@apollo/client/react';
import { Badge, Container, Heading, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ReviewQueueDocument } from './assignmentDocuments';

/** "Reviews waiting": a course's submitted assignment videos not reviewed yet, oldest first. */
export default function ReviewQueuePage() {
  const { courseId = '' } = useParams();
  useDocumentTitle('Reviews waiting');
  const { data, loading, error } = useQuery(ReviewQueueDocument, {
    variables: { courseId },
    fetchPolicy: 'cache-and-network',
  });
  if (!data && loading) return <PageSpinner label="Loading reviews..." />;
  const queue = data?.assignmentReviewQueue ?? [];
  return (
    <Container maxW="4xl" py={6}>
      <Stack gap={4}>
        <Heading as="h1" size="xl">
          Reviews waiting
        </Heading>
        {error ? <Text color="fg.error">{error.message}</Text> : null}
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
              {s.video?.status !== 'READY' ? <Badge>{s.video?.status ?? 'no video'}</Badge> : null}
            </Text>
          </LinkBox>
        ))}
      </Stack>
    </Container>
  );
}
