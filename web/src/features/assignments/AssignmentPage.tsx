import { useQuery } from '@apollo/client/react';
import { Badge, Box, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AssignmentPageDocument } from './assignmentDocuments';
import { dueText } from './dueText';
import { SubmissionPlayer, SubmissionStatusBadge } from './SubmissionPlayer';
import { SubmissionUpload } from './SubmissionUpload';

/** An assignment for the learner: what to perform, submitting (upload or record), the attempts and their comments. */
export default function AssignmentPage() {
  const { assignmentId = '' } = useParams();
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(AssignmentPageDocument, {
    variables: { id: assignmentId },
    fetchPolicy: 'cache-and-network',
  });
  const assignment = data?.assignment;
  useDocumentTitle(assignment?.title ?? 'Assignment');
  const submissions = assignment?.mySubmissions ?? [];
  const current = submissions[0];
  const processing = current?.video?.status === 'PROCESSING' || current?.video?.status === 'UPLOADING';
  useEffect(() => {
    if (processing) startPolling(2000);
    else stopPolling();
    return () => stopPolling();
  }, [processing, startPolling, stopPolling]);

  if (!assignment) {
    if (loading) return <PageSpinner label="Loading the assignment..." />;
    return (
      <Container maxW="4xl" py={10}>
        <Text>
          {error ? error.message : 'This assignment does not exist, or you are not enrolled in its course.'}
        </Text>
      </Container>
    );
  }
  const mayUpload = !current || current.status !== 'PASSED';
  // Once submitted, the due line is history: shown as the date only.
  const due = assignment.dueAt ? dueText(new Date(assignment.dueAt as string)) : null;

  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Text color="fg.muted" fontSize="sm">
            {assignment.courseTitle} · {assignment.moduleTitle}
          </Text>
          <Heading as="h1" size="2xl">
            {assignment.title}
          </Heading>
          {due ? (
            <Text
              fontSize="sm"
              color={due.overdue && !current ? 'fg.error' : undefined}
              data-testid="assignment-due"
            >
              {current && due.overdue
                ? `Was due ${new Date(assignment.dueAt as string).toLocaleDateString(undefined, { dateStyle: 'medium' })}`
                : due.text}
            </Text>
          ) : null}
        </Stack>
        {assignment.instructions ? <Text whiteSpace="pre-wrap">{assignment.instructions}</Text> : null}
        {mayUpload ? (
          <Box borderWidth="1px" borderRadius="l2" p={4}>
            <Stack gap={2}>
              <Heading as="h2" size="md">
                {current ? 'Submit again' : 'Submit your video'}
              </Heading>
              <SubmissionUpload assignmentId={assignment.id} onSubmitted={() => void refetch()} />
            </Stack>
          </Box>
        ) : null}
        {submissions.map((s) => (
          <Stack key={s.id} gap={3} borderTopWidth="1px" pt={4} data-testid={`attempt-${s.attempt}`}>
            <HStack justify="space-between" flexWrap="wrap">
              <Heading as="h2" size="md">
                Attempt {s.attempt}
              </Heading>
              <HStack>
                {s.late ? (
                  <Badge colorPalette="orange" data-testid="submitted-late">
                    Submitted late
                  </Badge>
                ) : null}
                <SubmissionStatusBadge status={s.status} />
              </HStack>
            </HStack>
            {s.reviewNote ? <Text>Instructor’s note: {s.reviewNote}</Text> : null}
            <SubmissionPlayer submission={s} />
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
