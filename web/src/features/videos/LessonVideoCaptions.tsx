import { useMutation } from '@apollo/client/react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Captions, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { LessonHostedVideoFragment } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { captionFormProblem, webVttProblem } from './captionRules';
import { RemoveLessonVideoCaptionMutationDocument } from './videoDocuments';

/** Sends a caption file (POST /api/videos/:id/captions); the server's message when it refuses it. */
async function uploadCaption(videoId: string, form: { srclang: string; label: string; file: File }) {
  const body = new FormData();
  body.append('srclang', form.srclang.trim());
  body.append('label', form.label.trim());
  body.append('file', form.file);
  const response = await fetch(`/api/videos/${videoId}/captions`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { message?: string } | null;
  return answer?.message ?? `The captions were not saved (${response.status}).`;
}

/**
 * The captions of a lesson video in the editor: each language's track with "Remove", and a form to
 * add one (language code, label, a WebVTT file checked before it is sent; a file for a language the
 * video has replaces it).
 */
export function LessonVideoCaptions({
  video,
  onChanged,
}: {
  video: Pick<LessonHostedVideoFragment, 'id' | 'captions'>;
  onChanged: () => void;
}) {
  const [srclang, setSrclang] = useState('en');
  const [label, setLabel] = useState('English');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [removeCaption, removing] = useMutation(RemoveLessonVideoCaptionMutationDocument);

  async function submit() {
    const formProblem = captionFormProblem({ srclang, label, file });
    const contentProblem = formProblem ?? (file ? webVttProblem(await file.text()) : null);
    setProblem(contentProblem);
    if (contentProblem || !file) return;
    setSending(true);
    const refused = await uploadCaption(video.id, { srclang, label, file }).catch(
      () => 'The captions were not saved. Check your connection and try again.',
    );
    setSending(false);
    setProblem(refused);
    if (refused) return;
    setFile(null);
    if (input.current) input.current.value = '';
    toaster.create({ title: `Captions “${label.trim()}” added`, type: 'success' });
    onChanged();
  }

  async function remove(captionId: string, name: string) {
    const { data } = await removeCaption({ variables: { captionId } });
    const errors = data?.removeLessonVideoCaption.userErrors ?? [];
    if (errors.length)
      toaster.create({ title: 'Not removed', description: errors[0].message, type: 'error' });
    else {
      toaster.create({ title: `Captions “${name}” removed`, type: 'success' });
      onChanged();
    }
  }

  return (
    <Stack gap={2} data-testid="video-captions">
      <Text fontWeight="medium" fontSize="sm">
        <Captions size={14} aria-hidden style={{ display: 'inline', marginRight: 4 }} />
        Captions
      </Text>
      {video.captions.length ? (
        <Stack as="ul" gap={1} listStyleType="none" ps={0}>
          {video.captions.map((c) => (
            <HStack as="li" key={c.id} gap={2} fontSize="sm">
              <Text>
                {c.label}{' '}
                <Text as="span" color="fg.muted">
                  ({c.srclang})
                </Text>
              </Text>
              <Button
                type="button"
                size="2xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`Remove captions ${c.label}`}
                loading={removing.loading}
                onClick={() => void remove(c.id, c.label)}
              >
                <Trash2 aria-hidden /> Remove
              </Button>
            </HStack>
          ))}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No captions yet.
        </Text>
      )}
      {/* Not a <form>: the editor shows this inside the lesson's own form (no nested forms). */}
      <HStack gap={2} align="end" flexWrap="wrap" role="group" aria-label="Add captions">
        <Field.Root w="24">
          <Field.Label fontSize="xs">Language code</Field.Label>
          <Input size="sm" value={srclang} onChange={(e) => setSrclang(e.target.value)} maxLength={35} />
        </Field.Root>
        <Field.Root w="40">
          <Field.Label fontSize="xs">Label</Field.Label>
          <Input size="sm" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={80} />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label fontSize="xs">WebVTT file</Field.Label>
          <input
            ref={input}
            type="file"
            accept=".vtt,text/vtt"
            aria-label="Caption file (WebVTT)"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            style={{ fontSize: '0.8rem', maxWidth: '14rem' }}
          />
        </Field.Root>
        <Button size="sm" type="button" variant="outline" loading={sending} onClick={() => void submit()}>
          Add captions
        </Button>
      </HStack>
      {problem ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
