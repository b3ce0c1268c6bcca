import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Upload as UploadIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { toaster } from '../../ui/toaster';
import { refusalOf } from '../videos';
import { SubmissionRecorder } from './SubmissionRecorder';
import { uploadSubmission } from './uploadSubmission';

const ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.m4v,.mov,.webm';

/** The learner's "Upload video" and "Record with camera" for an assignment, with the upload's progress. */
export function SubmissionUpload({
  assignmentId,
  onSubmitted,
}: {
  assignmentId: string;
  onSubmitted: () => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<(() => void) | null>(null);
  useEffect(() => () => abort.current?.(), []);

  async function send(file: File | Blob, name: string) {
    const refusal = refusalOf({ name, size: file.size, type: file.type.split(';')[0] });
    if (refusal) {
      toaster.create({ title: 'Video not submitted', description: refusal, type: 'error' });
      return;
    }
    setProgress(0);
    abort.current = await uploadSubmission(assignmentId, file, name, {
      onProgress: setProgress,
      onDone: () => {
        setProgress(null);
        toaster.create({ title: 'Video submitted', type: 'success' });
        onSubmitted();
      },
      onError: (message) => {
        setProgress(null);
        toaster.create({ title: 'Video not submitted', description: message, type: 'error' });
      },
    });
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file, file.name);
  }

  return (
    <Stack gap={3} data-testid="submission-upload">
      <HStack gap={3} flexWrap="wrap" align="start">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={choose}
          aria-label="Submission video file"
        />
        <Button size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
          <UploadIcon aria-hidden /> Upload video
        </Button>
        <SubmissionRecorder
          disabled={progress !== null}
          onRecorded={(blob) => void send(blob, `recording-${Date.now()}.webm`)}
        />
      </HStack>
      {progress !== null ? (
        <Progress.Root value={progress} max={100} size="sm" aria-label="Upload progress">
          <HStack justify="space-between">
            <Progress.Label>Uploading…</Progress.Label>
            <Progress.ValueText>{progress}%</Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        MP4, MOV or WebM up to 2 GB. Only you, the course’s instructors and staff can watch it.
      </Text>
    </Stack>
  );
}
