import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { Upload as UploadIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { LessonHostedVideoFragment } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { LessonVideoCaptions } from './LessonVideoCaptions';
import { LessonVideoPosterChoice } from './LessonVideoPosterChoice';
import {
  LessonVideoQueryDocument,
  RemoveLessonVideoMutationDocument,
  RetryLessonVideoMutationDocument,
  SetLessonVideoFreePreviewMutationDocument,
} from './videoDocuments';

/** The largest upload (the server's limit too): 2 GB. */
export const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
const ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.m4v,.mov,.webm';
const ALLOWED = /\.(mp4|m4v|mov|webm)$/i;

/** Why a chosen file cannot be uploaded, or null. */
export function refusalOf(file: { name: string; size: number; type: string }): string | null {
  if (!ALLOWED.test(file.name) && !['video/mp4', 'video/quicktime', 'video/webm'].includes(file.type)) {
    return 'Choose an MP4, MOV or WebM video.';
  }
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_VIDEO_BYTES) return 'This video is larger than 2 GB.';
  return null;
}

function formatSeconds(total: number): string {
  const s = Math.round(total);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * "Upload video" in the lesson editor (issue 34): a resumable tus upload with a progress bar (a
 * dropped connection continues where it stopped, also after a reload: tus-js-client remembers the
 * upload per file), then "Processing…" polled until READY (the poster is shown) or FAILED (the reason
 * and "Try again").
 */
export function LessonVideoUpload({
  lessonId,
  video,
}: {
  lessonId: string;
  video: LessonHostedVideoFragment | null | undefined;
}) {
  const [videoId, setVideoId] = useState<string | null>(video?.id ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removed, setRemoved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<(() => void) | null>(null);

  const polled = useQuery(LessonVideoQueryDocument, {
    variables: { id: videoId ?? '' },
    skip: !videoId || progress !== null,
    fetchPolicy: 'cache-and-network',
  });
  // The video of `videoId` only (a query of the previous id may still answer), and none while a new
  // upload runs: the video it replaces must not look like the upload's result.
  const polledVideo = polled.data?.lessonVideo;
  const latest = polledVideo?.id === videoId ? polledVideo : video?.id === videoId ? video : null;
  const current = removed || progress !== null ? null : latest;
  const busy = current?.status === 'PROCESSING' || current?.status === 'UPLOADING';
  const { startPolling, stopPolling } = polled;
  useEffect(() => {
    if (busy && progress === null) startPolling(2000);
    else stopPolling();
    return () => stopPolling();
  }, [busy, progress, startPolling, stopPolling]);
  useEffect(() => () => abort.current?.(), []);

  const [retry, retrying] = useMutation(RetryLessonVideoMutationDocument);
  const [remove, removing] = useMutation(RemoveLessonVideoMutationDocument);
  const [setPreview, settingPreview] = useMutation(SetLessonVideoFreePreviewMutationDocument);

  async function togglePreview(freePreview: boolean) {
    if (!current) return;
    const { data } = await setPreview({ variables: { videoId: current.id, freePreview } });
    const errors = data?.setLessonVideoFreePreview.userErrors ?? [];
    if (errors.length)
      toaster.create({ title: 'Not changed', description: errors[0].message, type: 'error' });
    else void polled.refetch();
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = refusalOf(file);
    if (refusal) {
      toaster.create({ title: 'Video not uploaded', description: refusal, type: 'error' });
      return;
    }
    // The progress bar at once (it replaces the current video's state), before tus-js-client loads.
    setProgress(0);
    setRemoved(false);
    const { Upload } = await import('tus-js-client');
    const upload = new Upload(file, {
      endpoint: '/api/videos/uploads',
      metadata: { lessonId, filename: file.name, filetype: file.type || 'video/mp4' },
      chunkSize: 16 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      // The fingerprint names the lesson too: the same file for another lesson is a new upload.
      fingerprint: async (f: File) => `drx-video-${lessonId}-${f.name}-${f.size}-${f.lastModified}`,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setProgress(total ? Math.floor((sent / total) * 100) : 0),
      onError: (error) => {
        setProgress(null);
        const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        let message = error.message;
        try {
          message = body ? (JSON.parse(body) as { message?: string }).message || message : message;
        } catch {
          // not JSON: keep tus-js-client's message
        }
        toaster.create({ title: 'Video not uploaded', description: message, type: 'error' });
      },
      onSuccess: () => {
        setProgress(null);
        const id = upload.url?.split('/').pop() ?? null;
        setVideoId(id);
      },
    });
    abort.current = () => void upload.abort();
    const previous = await upload.findPreviousUploads();
    if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  async function tryAgain() {
    if (!current) return;
    const { data } = await retry({ variables: { videoId: current.id } });
    const errors = data?.retryLessonVideo.userErrors ?? [];
    if (errors.length)
      toaster.create({ title: 'Not restarted', description: errors[0].message, type: 'error' });
    else void polled.refetch();
  }

  async function removeVideo() {
    const { data } = await remove({ variables: { lessonId } });
    const errors = data?.removeLessonVideo.userErrors ?? [];
    if (errors.length)
      toaster.create({ title: 'Not removed', description: errors[0].message, type: 'error' });
    else {
      setRemoved(true);
      setVideoId(null);
      toaster.create({ title: 'Video removed', type: 'success' });
    }
  }

  return (
    <Stack gap={3} data-testid="lesson-video-upload">
      <HStack justify="space-between" flexWrap="wrap" gap={2}>
        <Text fontWeight="medium">Uploaded video</Text>
        <input ref={input} type="file" accept={ACCEPT} hidden onChange={choose} aria-label="Video file" />
        <Button
          size="sm"
          variant="outline"
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          <UploadIcon aria-hidden /> {latest && !removed ? 'Replace video' : 'Upload video'}
        </Button>
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
      {progress === null && busy ? (
        <Progress.Root value={null} size="sm" aria-label="Processing">
          <Progress.Label data-testid="video-processing">
            Processing… (this takes about as long as the video)
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {current?.status === 'FAILED' ? (
        <Box borderWidth="1px" borderColor="border.error" borderRadius="l2" p={3} data-testid="video-failed">
          <Text color="fg.error" fontSize="sm">
            {current.failureReason ?? 'Processing failed.'}
          </Text>
          <HStack mt={2} gap={2}>
            <Button size="xs" onClick={() => void tryAgain()} loading={retrying.loading}>
              Try again
            </Button>
            <Button size="xs" variant="ghost" onClick={() => void removeVideo()} loading={removing.loading}>
              Remove
            </Button>
          </HStack>
        </Box>
      ) : null}
      {current?.status === 'READY' ? (
        <HStack gap={3} align="start" data-testid="video-ready" data-video-id={current.id}>
          {current.posterUrl ? (
            <Image
              src={current.posterUrl}
              alt="Poster frame of the lesson video"
              maxW="48"
              borderRadius="l2"
            />
          ) : null}
          <Stack gap={1}>
            <Badge colorPalette="green" alignSelf="start">
              Ready
            </Badge>
            {current.durationSeconds ? (
              <Text fontSize="sm" color="fg.muted">
                {formatSeconds(current.durationSeconds)}
              </Text>
            ) : null}
            <HStack as="label" fontSize="sm" gap={2}>
              <input
                type="checkbox"
                checked={current.freePreview}
                disabled={settingPreview.loading}
                onChange={(e) => void togglePreview(e.target.checked)}
              />
              Free preview (anyone can watch)
            </HStack>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => void removeVideo()}
              loading={removing.loading}
            >
              Remove video
            </Button>
          </Stack>
        </HStack>
      ) : null}
      {current?.status === 'READY' ? (
        <>
          <LessonVideoPosterChoice video={current} onChanged={() => void polled.refetch()} />
          <LessonVideoCaptions video={current} onChanged={() => void polled.refetch()} />
        </>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        MP4, MOV or WebM up to 2 GB. Only learners enrolled in the course can watch it (links expire; this
        protects access but is not copy protection). A YouTube link above is used when no video is uploaded.
      </Text>
    </Stack>
  );
}
