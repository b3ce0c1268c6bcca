import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Field, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { ClientPracticePlayer } from './ClientPracticePlayer';
import { LessonStepMarkersDocument, SetLessonStepMarkersDocument } from './practiceDocuments';
import { formatTime, parseTime } from './time';

interface Row {
  key: number;
  label: string;
  time: string;
}

/**
 * The instructor's step markers for a lesson's video: a preview player, "Add marker at current
 * time", and a label and time (m:ss) per marker; saved all at once (setLessonStepMarkers).
 */
export function StepMarkerEditor({ lessonId, video }: { lessonId: string; video: PreviewVideo }) {
  const { data } = useQuery(LessonStepMarkersDocument, { variables: { id: lessonId } });
  const saved = data?.lesson?.stepMarkers;
  return saved ? (
    <MarkerForm key={JSON.stringify(saved)} lessonId={lessonId} video={video} saved={saved} />
  ) : null;
}

/** The preview's video: its source, and the poster and scrub thumbnails learners see too. */
interface PreviewVideo {
  src: string;
  poster?: string | null;
  thumbnails?: string | null;
}

function MarkerForm({
  lessonId,
  video,
  saved,
}: {
  lessonId: string;
  video: PreviewVideo;
  saved: readonly { label: string; atSeconds: number }[];
}) {
  const nextKey = useRef(saved.length);
  const [rows, setRows] = useState<Row[]>(() =>
    saved.map((m, i) => ({ key: i, label: m.label, time: formatTime(m.atSeconds) })),
  );
  const now = useRef(0);
  const [errors, setErrors] = useState<{ field?: string | null; message: string }[]>([]);
  const [notice, setNotice] = useState('');
  const [save, { loading }] = useMutation(SetLessonStepMarkersDocument, {
    refetchQueries: [{ query: LessonStepMarkersDocument, variables: { id: lessonId } }],
  });

  const add = (seconds: number) =>
    setRows((r) => [...r, { key: nextKey.current++, label: '', time: formatTime(seconds) }]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const markers = [];
    const local: typeof errors = [];
    for (const [i, row] of rows.entries()) {
      const at = parseTime(row.time);
      if (at === null) local.push({ field: `markers.${i}.atSeconds`, message: 'Use a time like 1:10' });
      markers.push({ label: row.label, atSeconds: at ?? 0 });
    }
    if (local.length) {
      setErrors(local);
      return;
    }
    const res = await save({ variables: { lessonId, markers } });
    const userErrors = res.data?.setLessonStepMarkers.userErrors ?? [];
    setErrors(userErrors);
    if (!userErrors.length) setNotice('Step markers saved');
  }

  const errorOf = (i: number, part: 'label' | 'atSeconds') =>
    errors.find((e) => e.field === `markers.${i}.${part}`)?.message;
  const general = errors.filter((e) => !e.field?.match(/^markers\.\d+\./));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Step markers">
      <Stack gap="3" borderTopWidth="1px" pt="4" mt="2">
        <Heading as="h4" size="sm">
          Step markers
        </Heading>
        <ClientPracticePlayer
          src={video.src}
          poster={video.poster}
          thumbnails={video.thumbnails}
          title="Lesson video preview"
          markers={saved}
          onTimeUpdate={(t) => {
            now.current = t;
          }}
        />
        {rows.map((row, i) => (
          <HStack key={row.key} align="flex-start" gap="2">
            <Field.Root invalid={Boolean(errorOf(i, 'label'))} flex="1">
              <Field.Label srOnly={i > 0}>Step name</Field.Label>
              <Input
                value={row.label}
                placeholder="Basic step"
                aria-label={`Step ${i + 1} name`}
                onChange={(e) => {
                  const label = e.target.value;
                  setRows((r) => r.map((x) => (x.key === row.key ? { ...x, label } : x)));
                }}
              />
              <Field.ErrorText>{errorOf(i, 'label')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorOf(i, 'atSeconds'))} width="28">
              <Field.Label srOnly={i > 0}>Time</Field.Label>
              <Input
                value={row.time}
                placeholder="0:42"
                aria-label={`Step ${i + 1} time`}
                onChange={(e) => {
                  const time = e.target.value;
                  setRows((r) => r.map((x) => (x.key === row.key ? { ...x, time } : x)));
                }}
              />
              <Field.ErrorText>{errorOf(i, 'atSeconds')}</Field.ErrorText>
            </Field.Root>
            <IconButton
              variant="ghost"
              aria-label={`Remove step ${i + 1}`}
              mt={i === 0 ? '6' : '0'}
              onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
            >
              <Trash2 />
            </IconButton>
          </HStack>
        ))}
        {general.length > 0 && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {general.map((e) => e.message).join(' ')}
          </Text>
        )}
        <HStack justify="space-between" flexWrap="wrap">
          <HStack>
            <Button size="sm" variant="outline" onClick={() => add(now.current)}>
              <Plus /> Add marker at current time
            </Button>
            <Button size="sm" variant="ghost" onClick={() => add(0)}>
              Add marker
            </Button>
          </HStack>
          <HStack>
            {notice && (
              <Text fontSize="sm" color="fg.muted" role="status">
                {notice}
              </Text>
            )}
            <Button type="submit" size="sm" loading={loading}>
              Save markers
            </Button>
          </HStack>
        </HStack>
      </Stack>
    </form>
  );
}
