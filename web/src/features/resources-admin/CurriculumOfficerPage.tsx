import { useQuery } from '@apollo/client/react';
import { Alert, Button, EmptyState, Heading, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { CheckCircle } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { ModerationTable } from './ModerationTable';
import { AdminResourcesQueryDocument, CurriculumReviewQueueQueryDocument } from './resourceModeration';

/** /admin/curriculum-officer and /curriculum-officer-dashboard: the review queue with its counts. */
export default function CurriculumOfficerPage() {
  useDocumentTitle('Curriculum officer');
  const counts = useQuery(CurriculumReviewQueueQueryDocument, { fetchPolicy: 'cache-and-network' });
  const pending = useQuery(AdminResourcesQueryDocument, {
    variables: { first: 25, status: 'draft' },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(pending, 'adminResources', { errorTitle: 'More resources could not be loaded' });
  // Rejected resources their sellers edited: only an approval here publishes them again.
  const resubmitted = useQuery(AdminResourcesQueryDocument, {
    variables: { first: 25, status: 'pending_review' },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const resubmittedPager = useLoadMore(resubmitted, 'adminResources', {
    errorTitle: 'More resources could not be loaded',
  });
  const queue = counts.data?.curriculumReviewQueue;
  const connection = (pending.data ?? pending.previousData)?.adminResources;
  const resubmissions = (resubmitted.data ?? resubmitted.previousData)?.adminResources;
  const error = counts.error ?? pending.error ?? resubmitted.error;

  if ((!queue && counts.loading) || (!connection && pending.loading)) return <PageSpinner />;

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <HStack justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Curriculum review queue
          </Heading>
          <Text color="fg.muted">Resources that sellers submitted and that wait for your review.</Text>
        </Stack>
        <Button asChild variant="outline">
          <RouterLink to="/admin/curriculum">All resources</RouterLink>
        </Button>
      </HStack>
      {error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The review queue could not be loaded: {error.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {queue ? (
        <SimpleGrid columns={{ base: 2, md: 5 }} gap={4}>
          <StatCard label="Awaiting review" value={queue.pendingCount} testId="pending-count" />
          <StatCard
            label="Resubmitted for review"
            value={queue.resubmittedCount}
            testId="resubmitted-count"
          />
          <StatCard label="Published" value={queue.publishedCount} testId="published-count" />
          <StatCard label="Rejected" value={queue.rejectedCount} testId="rejected-count" />
          <StatCard label="Featured" value={queue.featuredCount} testId="featured-count" />
        </SimpleGrid>
      ) : null}
      {resubmissions && resubmissions.nodes.length > 0 ? (
        <Stack gap={3} data-testid="resubmitted-queue">
          <Heading as="h2" size="lg">
            Resubmitted for review
          </Heading>
          <Text color="fg.muted">
            Rejected resources their sellers changed. They stay out of the store until you approve them.
          </Text>
          <ModerationTable resources={resubmissions.nodes} showFeature={false} />
          <LoadMoreButton pager={resubmittedPager} />
        </Stack>
      ) : null}
      <Heading as="h2" size="lg">
        Awaiting review
      </Heading>
      {connection && connection.nodes.length > 0 ? (
        <>
          <ModerationTable resources={connection.nodes} showFeature={false} />
          <LoadMoreButton pager={pager} />
        </>
      ) : (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <CheckCircle />
            </EmptyState.Indicator>
            <EmptyState.Title>Nothing awaits review</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Stack>
  );
}

function StatCard({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stat.Root borderWidth="1px" borderRadius="l3" p={4} bg="bg" data-testid={testId}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
    </Stat.Root>
  );
}
