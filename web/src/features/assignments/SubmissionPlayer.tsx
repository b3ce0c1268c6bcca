import { Badge, Heading, List, Progress, Stack, Text } from '@chakra-ui/react';
import type { SubmissionFieldsFragment } from '../../gql/graphql';
import { ClientPracticePlayer, formatTime } from '../practice-player';

const STATUS_TEXT: Record<string, { label: string; palette: string }> = {
  WAITING: { label: 'Waiting for review', palette: 'blue' },
  PASSED: { label: 'Passed', palette: 'green' },
  RESUBMIT: { label: 'Submit again', palette: 'orange' },
};

/** A submission's state and decision as a badge. */
export function SubmissionStatusBadge({ status }: { status: string }) {
  const text = STATUS_TEXT[status] ?? { label: status, palette: 'gray' };
  return (
    <Badge colorPalette={text.palette} alignSelf="start" data-testid="submission-status">
      {text.label}
    </Badge>
  );
}

/**
 * A submitted video in the practice player, the instructor's time-coded comments as markers on its
 * timeline and as a list ("0:23 — watch your spot"); "Processing…" until it is ready.
 */
export function SubmissionPlayer({
  submission,
  onTimeUpdate,
}: {
  submission: SubmissionFieldsFragment;
  onTimeUpdate?: (seconds: number) => void;
}) {
  const video = submission.video;
  const markers = submission.comments.map((c) => ({ label: c.body, atSeconds: c.atSeconds }));
  return (
    <Stack gap={3} data-testid="submission-player">
      {!video ? <Text color="fg.muted">The video of this attempt was removed.</Text> : null}
      {video && (video.status === 'PROCESSING' || video.status === 'UPLOADING') ? (
        <Progress.Root value={null} size="sm" aria-label="Processing">
          <Progress.Label data-testid="submission-processing">Processing your video…</Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {video?.status === 'FAILED' ? (
        <Text color="fg.error" fontSize="sm">
          {video.failureReason ?? 'The video could not be processed.'} Submit it again.
        </Text>
      ) : null}
      {video?.status === 'READY' && video.playlistUrl ? (
        <ClientPracticePlayer
          key={video.id}
          src={video.playlistUrl}
          poster={video.posterUrl}
          title={`Submission: ${submission.assignmentTitle}, attempt ${submission.attempt}`}
          markers={markers}
          onTimeUpdate={onTimeUpdate}
        />
      ) : null}
      <Stack gap={1}>
        <Heading as="h3" size="sm">
          Comments
        </Heading>
        {submission.comments.length ? (
          <List.Root as="ol" gap={1} data-testid="submission-comments" ps={5}>
            {submission.comments.map((c) => (
              <List.Item key={c.id}>
                <Text as="span" fontWeight="medium">
                  {formatTime(c.atSeconds)}
                </Text>{' '}
                — {c.body}{' '}
                <Text as="span" color="fg.muted" fontSize="sm">
                  ({c.authorName})
                </Text>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No comments yet.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
