import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { AssignmentReviewVerdict } from '../../gql/graphql';
import { formatTime } from '../practice-player';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CommentAddDocument, ReviewDocument, SubmissionDocument } from './assignmentDocuments';
import { SubmissionPlayer, SubmissionStatusBadge } from './SubmissionPlayer';
import { reportResult } from './userErrorToast';

/**
 * The instructor's review of a submission: the video in the practice player, time-coded comments
 * (the time is the player's current time), and Pass / Ask to resubmit (with a note).
 */
export default function SubmissionReviewPage() {
  const { submissionId = '' } = useParams();
  useDocumentTitle('Review');
  const { data, loading, refetch, startPolling, stopPolling } = useQuery(SubmissionDocument, {
    variables: { id: submissionId },
    fetchPolicy: 'cache-and-network',
  });
  const submission = data?.assignmentSubmission;
  const time = useRef(0);
  const [shownTime, setShownTime] = useState(0);
  const [comment, setComment] = useState('');
  const [note, setNote] = useState('');
  const [addComment, adding] = useMutation(CommentAddDocument);
  const [review, reviewing] = useMutation(ReviewDocument);
  const processing = submission?.video?.status === 'PROCESSING' || submission?.video?.status === 'UPLOADING';
  useEffect(() => {
    if (processing) startPolling(2000);
    else stopPolling();
    return () => stopPolling();
  }, [processing, startPolling, stopPolling]);

  if (!submission) {
    if (loading) return <PageSpinner label="Loading the submission..." />;
    return (
      <Container maxW="4xl" py={10}>
        <Text>This submission does not exist, or it is not one of your courses’.</Text>
      </Container>
    );
  }

  async function submitComment(event: FormEvent) {
    event.preventDefault();
    const res = await addComment({
      variables: { submissionId, atSeconds: Math.round(time.current * 10) / 10, body: comment },
    });
    if (reportResult(res.data?.assignmentCommentAdd.userErrors, 'Comment not added')) {
      setComment('');
      void refetch();
    }
  }

  async function decide(verdict: AssignmentReviewVerdict) {
    const res = await review({ variables: { submissionId, verdict, note: note || null } });
    if (
      reportResult(
        res.data?.assignmentReview.userErrors,
        'Not reviewed',
        verdict === 'PASSED' ? 'Passed' : 'Asked to resubmit',
      )
    ) {
      void refetch();
    }
  }

  const waiting = submission.status === 'WAITING' && submission.current;
  return (
    <Container maxW="4xl" py={6}>
      <Stack gap={5}>
        <Stack gap={1}>
          <RouterLink to={`/instructor/courses/${submission.courseId}/reviews`}>← Reviews waiting</RouterLink>
          <Heading as="h1" size="xl">
            {submission.learnerName} — {submission.assignmentTitle}
          </Heading>
          <HStack>
            <Text color="fg.muted">Attempt {submission.attempt}</Text>
            <SubmissionStatusBadge status={submission.status} />
            {submission.late ? (
              <Badge colorPalette="orange" data-testid="submission-late">
                Late
              </Badge>
            ) : null}
            {!submission.current ? <Text color="fg.muted">(a newer attempt replaced it)</Text> : null}
          </HStack>
        </Stack>
        <SubmissionPlayer
          submission={submission}
          onTimeUpdate={(s) => {
            time.current = s;
            if (Math.floor(s) !== Math.floor(shownTime)) setShownTime(s);
          }}
        />
        <Stack as="form" gap={2} onSubmit={submitComment}>
          <Field.Root>
            <Field.Label>Comment at {formatTime(shownTime)}</Field.Label>
            <Input
              value={comment}
              maxLength={1000}
              placeholder="watch your spot"
              onChange={(e) => setComment(e.target.value)}
            />
          </Field.Root>
          <Button
            type="submit"
            size="sm"
            alignSelf="start"
            loading={adding.loading}
            disabled={!comment.trim()}
          >
            Add comment at current time
          </Button>
        </Stack>
        {waiting ? (
          <Stack gap={2} borderTopWidth="1px" pt={4}>
            <Field.Root>
              <Field.Label>Note to the learner (required to ask for a resubmission)</Field.Label>
              <Textarea value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
            </Field.Root>
            <HStack>
              <Button colorPalette="green" loading={reviewing.loading} onClick={() => void decide('PASSED')}>
                Pass
              </Button>
              <Button variant="outline" loading={reviewing.loading} onClick={() => void decide('RESUBMIT')}>
                Ask to resubmit
              </Button>
            </HStack>
          </Stack>
        ) : submission.reviewNote ? (
          <Text>Note: {submission.reviewNote}</Text>
        ) : null}
      </Stack>
    </Container>
  );
}
