import { Button, CloseButton, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_COUNT, fileSize } from './messagesFormat';
import type { AttachmentUploads } from './useAttachmentUploads';

/** "Attach files" (images or PDFs) and the list of picked files with progress, errors and remove. */
export function AttachmentButton({ uploads, disabled }: { uploads: AttachmentUploads; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {/* Opened by the button; hidden from the page and from assistive technology. */}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ATTACHMENT_ACCEPT}
        data-testid="attachment-input"
        onChange={(e) => {
          uploads.add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={disabled || uploads.full}
        onClick={() => input.current?.click()}
        title={`Images or PDF files, up to 10 MB each, ${ATTACHMENT_MAX_COUNT} per message`}
      >
        <Paperclip aria-hidden /> Attach files
      </Button>
    </>
  );
}

export function AttachmentList({ uploads }: { uploads: AttachmentUploads }) {
  if (uploads.items.length === 0) return null;
  return (
    <Stack as="ul" listStyleType="none" gap={1.5} aria-label="Attached files">
      {uploads.items.map((item) => (
        <HStack
          as="li"
          key={item.key}
          gap={2}
          borderWidth="1px"
          borderRadius="md"
          px={2}
          py={1}
          borderColor={item.status === 'error' ? 'border.error' : 'border'}
          data-testid="attachment-item"
        >
          <Stack gap={0.5} flex="1" minW={0}>
            <Text textStyle="sm" truncate>
              {item.name}{' '}
              <Text as="span" color="fg.muted">
                ({fileSize(item.size)})
              </Text>
            </Text>
            {item.status === 'error' ? (
              <Text textStyle="xs" color="fg.error" role="alert">
                {item.error}
              </Text>
            ) : item.status === 'uploading' ? (
              <Progress.Root
                size="xs"
                value={Math.round(item.progress * 100)}
                aria-label={`Uploading ${item.name}`}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
          </Stack>
          <CloseButton
            size="xs"
            aria-label={`Remove ${item.name}`}
            onClick={() => uploads.remove(item.key)}
          />
        </HStack>
      ))}
    </Stack>
  );
}
