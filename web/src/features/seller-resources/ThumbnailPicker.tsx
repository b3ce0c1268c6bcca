import { Box, Button, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { THUMBNAIL_ACCEPT, type UploadLimitInfo, uploadResourceFile } from './uploadFiles';

export interface ThumbnailState {
  uploadId: string | null;
  busy: boolean;
}

/**
 * Picks a thumbnail image, previews it and uploads it at once; `onChange` gets the upload id
 * (null while none or while uploading). `currentUrl` is the resource's thumbnail so far.
 */
export function ThumbnailPicker({
  currentUrl,
  limits,
  onChange,
}: {
  currentUrl?: string | null;
  limits: UploadLimitInfo[];
  onChange: (state: ThumbnailState) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const limit = limits.find((l) => l.kind === 'image');
    if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type)) {
      setError('The thumbnail must be a PNG, JPEG, WebP or GIF image.');
      return;
    }
    if (limit && file.size > limit.maxBytes) {
      setError(`The thumbnail is too large: images can be at most ${limit.maxLabel}.`);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onChange({ uploadId: null, busy: true });
    uploadResourceFile('thumbnail', file, setProgress)
      .promise.then((answer) => {
        setProgress(null);
        onChange({ uploadId: answer.thumbnail?.uploadId ?? null, busy: false });
      })
      .catch((e: unknown) => {
        setProgress(null);
        setPreview(null);
        setError(e instanceof Error ? e.message : 'The thumbnail could not be uploaded.');
        onChange({ uploadId: null, busy: false });
      });
  };

  const shown = preview ?? currentUrl ?? null;
  return (
    <Stack gap={2}>
      <HStack gap={4} align="center">
        <Box
          w="160px"
          h="100px"
          borderWidth="1px"
          borderRadius="l2"
          overflow="hidden"
          bg="bg.muted"
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {shown ? (
            <Image src={shown} alt="Thumbnail preview" objectFit="cover" w="full" h="full" />
          ) : (
            <ImageIcon size={28} aria-hidden />
          )}
        </Box>
        <Stack gap={1}>
          <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
            {shown ? 'Change thumbnail' : 'Choose thumbnail'}
          </Button>
          <Text fontSize="xs" color="fg.muted">
            PNG, JPEG, WebP or GIF.
          </Text>
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          aria-label="Thumbnail image"
          accept={THUMBNAIL_ACCEPT}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </HStack>
      {progress !== null ? (
        <Progress.Root
          size="xs"
          value={Math.round(progress * 100)}
          maxW="xs"
          aria-label="Thumbnail upload progress"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
