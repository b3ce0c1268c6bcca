import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { Send } from 'lucide-react';
import { useState } from 'react';
import type { ThreadMessageFragment } from '../../gql/graphql';
import { useCourseMutation } from '../courses';
import { AttachmentButton, AttachmentList } from './AttachmentPicker';
import { MessageSendMutationDocument } from './messageDocuments';
import { composerProblem, isSendShortcut, MESSAGE_MAX_LENGTH } from './messagesFormat';
import { useAttachmentUploads } from './useAttachmentUploads';

/**
 * The message box under a thread: text (Ctrl+Enter or the Send button sends; Enter starts a new
 * line), attachments, and the server's refusal (blocked, too fast…) under the box.
 */
export function MessageComposer({
  conversationId,
  onSent,
}: {
  conversationId: string;
  onSent: (message: ThreadMessageFragment) => void;
}) {
  const [body, setBody] = useState('');
  const [tried, setTried] = useState(false);
  const uploads = useAttachmentUploads();
  const send = useCourseMutation(MessageSendMutationDocument, 'Message not sent', ['Conversations']);
  const problem =
    composerProblem(body) ??
    (uploads.failed ? 'Remove the files that could not be attached, then send.' : null);
  const serverError = send.userErrors[0]?.message;
  const shownError = (tried && problem) || serverError;

  async function submit() {
    setTried(true);
    if (problem || uploads.busy || send.loading) return;
    const payload = await send.run({
      conversationId,
      body: body.trim(),
      attachmentUploadIds: uploads.uploadIds,
    });
    if (payload?.message) {
      setBody('');
      setTried(false);
      uploads.reset();
      onSent(payload.message);
    }
  }

  return (
    <Stack
      as="form"
      gap={2}
      aria-label="Write a message"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field.Root invalid={Boolean(shownError)}>
        <Field.Label srOnly>Message</Field.Label>
        <Textarea
          name="body"
          value={body}
          rows={3}
          autoresize
          maxH="48"
          placeholder="Write a message…"
          onChange={(e) => {
            setBody(e.target.value);
            if (send.userErrors.length) send.clearErrors();
          }}
          onKeyDown={(e) => {
            if (isSendShortcut(e)) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        {shownError ? (
          <Field.ErrorText>{shownError}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            Ctrl+Enter to send
            {body.length > MESSAGE_MAX_LENGTH - 500
              ? ` · ${MESSAGE_MAX_LENGTH - body.length} characters left`
              : ''}
          </Field.HelperText>
        )}
      </Field.Root>
      <AttachmentList uploads={uploads} />
      <HStack justify="space-between">
        <AttachmentButton uploads={uploads} disabled={send.loading} />
        <HStack gap={3}>
          {uploads.busy ? (
            <Text textStyle="xs" color="fg.muted">
              Uploading…
            </Text>
          ) : null}
          <Button type="submit" loading={send.loading} loadingText="Sending…" disabled={uploads.busy}>
            <Send aria-hidden /> Send
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
