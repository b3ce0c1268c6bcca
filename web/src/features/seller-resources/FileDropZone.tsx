import { Box, Button, CloseButton, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, FileUp, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatBytes } from '../resources';
import { ACCEPTED_EXTENSIONS, type UploadLimitInfo } from './uploadFiles';
import type { FileUploads } from './useFileUploads';

/** Multi-file picker with drag and drop and a progress bar per file. */
export function FileDropZone({
  uploads,
  limits,
  label = 'Resource files',
}: {
  uploads: FileUploads;
  limits: UploadLimitInfo[];
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <Stack gap={3}>
      <Box
        data-testid="file-drop-zone"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'colorPalette.solid' : 'border'}
        bg={over ? 'colorPalette.subtle' : 'bg.subtle'}
        borderRadius="l3"
        p={6}
        textAlign="center"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          uploads.add(Array.from(e.dataTransfer.files));
        }}
      >
        <Stack align="center" gap={2}>
          <FileUp size={28} aria-hidden />
          <Text fontWeight="medium">Drag and drop files here</Text>
          <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label={label}
            accept={ACCEPTED_EXTENSIONS}
            onChange={(e) => {
              uploads.add(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <Text fontSize="xs" color="fg.muted">
            {limits.length
              ? `Limits: ${limits.map((l) => `${l.label.toLowerCase()} ${l.maxLabel}`).join(', ')}.`
              : 'Documents, spreadsheets, text, audio, video, images or ZIP archives.'}
          </Text>
        </Stack>
      </Box>
      {uploads.items.length > 0 ? (
        <Stack gap={2} as="ul" aria-label="Uploads" listStyleType="none">
          {uploads.items.map((item) => (
            <Box as="li" key={item.key} borderWidth="1px" borderRadius="l2" p={3} data-testid="upload-item">
              <HStack gap={2}>
                {item.status === 'done' ? (
                  <CheckCircle2 size={16} color="var(--chakra-colors-green-600)" aria-hidden />
                ) : item.status === 'error' ? (
                  <TriangleAlert size={16} color="var(--chakra-colors-red-600)" aria-hidden />
                ) : null}
                <Text flex="1" truncate fontWeight="medium">
                  {item.name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatBytes(item.size)}
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => uploads.remove(item.key)}
                />
              </HStack>
              {item.status === 'error' ? (
                <Text fontSize="sm" color="fg.error" mt={1} role="alert">
                  {item.error}
                </Text>
              ) : (
                <Progress.Root
                  mt={2}
                  size="sm"
                  value={Math.round(item.progress * 100)}
                  colorPalette={item.status === 'done' ? 'green' : 'blue'}
                  aria-label={`Upload progress of ${item.name}`}
                >
                  <HStack gap={2}>
                    <Progress.Track flex="1">
                      <Progress.Range />
                    </Progress.Track>
                    <Progress.ValueText fontSize="xs">
                      {item.status === 'done' ? 'Uploaded' : `${Math.round(item.progress * 100)}%`}
                    </Progress.ValueText>
                  </HStack>
                </Progress.Root>
              )}
            </Box>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
