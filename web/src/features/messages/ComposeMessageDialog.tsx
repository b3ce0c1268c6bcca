import { Alert, Button, CloseButton, Dialog, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ConversationContextKind } from '../../gql/graphql';
import { FormDialog } from '../../ui/FormDialog';
import { useCourseMutation } from '../courses';
import { AttachmentButton, AttachmentList } from './AttachmentPicker';
import { ConversationStartMutationDocument } from './messageDocuments';
import { composerProblem, conversationPath, isSendShortcut, MESSAGE_MAX_LENGTH } from './messagesFormat';
import { useAttachmentUploads } from './useAttachmentUploads';

export const SUBJECT_MAX_LENGTH = 200;

export interface ComposeTarget {
  recipientId: string;
  recipientName: string;
  context?: { kind: ConversationContextKind; id: string } | null;
  /** The subject filled in to start with, e.g. the resource's title. */
  subject?: string;
}

/**
 * "Message {name}": subject, message and attachments; conversationStart, then the conversation
 * opens (an existing one about the same thing gets the message appended).
 */
export function ComposeMessageDialog({
  target,
  open,
  onClose,
  inboxBase = '/messages',
}: {
  target: ComposeTarget;
  open: boolean;
  onClose: () => void;
  inboxBase?: string;
}) {
  return (
    <FormDialog open={open} onClose={onClose} size="lg">
      <ComposeForm target={target} onClose={onClose} inboxBase={inboxBase} />
    </FormDialog>
  );
}

function ComposeForm({
  target,
  onClose,
  inboxBase,
}: {
  target: ComposeTarget;
  onClose: () => void;
  inboxBase: string;
}) {
  const navigate = useNavigate();
  const [subject, setSubject] = useState(target.subject ?? '');
  const [body, setBody] = useState('');
  const [tried, setTried] = useState(false);
  const uploads = useAttachmentUploads();
  const start = useCourseMutation(ConversationStartMutationDocument, 'Message not sent', [
    'Conversations',
    'UnreadMessageCount',
  ]);
  const bodyProblem = composerProblem(body);
  const subjectProblem =
    subject.length > SUBJECT_MAX_LENGTH
      ? `The subject can be at most ${SUBJECT_MAX_LENGTH} characters.`
      : null;
  const bodyError = (tried && bodyProblem) || start.fieldError('body');
  const subjectError = (tried && subjectProblem) || start.fieldError('subject');
  const formError = start.userErrors.find((e) => e.field !== 'body' && e.field !== 'subject')?.message;

  async function submit() {
    setTried(true);
    if (bodyProblem || subjectProblem || uploads.busy || uploads.failed || start.loading) return;
    const payload = await start.run(
      {
        recipientId: target.recipientId,
        subject: subject.trim() || null,
        body: body.trim(),
        context: target.context ?? null,
        attachmentUploadIds: uploads.uploadIds,
      },
      'Message sent',
    );
    if (payload?.conversation) {
      onClose();
      void navigate(conversationPath(inboxBase, payload.conversation.id));
    }
  }

  return (
    // The form checks itself (its own messages), not with the browser's bubbles.
    <Dialog.Content asChild>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Dialog.Header>
          <Dialog.Title>Message {target.recipientName}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap={4}>
            {formError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Field.Root invalid={Boolean(subjectError)}>
              <Field.Label>Subject</Field.Label>
              <Input
                name="subject"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                placeholder="What is it about?"
              />
              {subjectError ? <Field.ErrorText>{subjectError}</Field.ErrorText> : null}
            </Field.Root>
            <Field.Root required invalid={Boolean(bodyError)}>
              <Field.Label>
                Message <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                name="body"
                value={body}
                rows={6}
                autoFocus
                onChange={(e) => setBody(e.target.value)}
                onKeyDown={(e) => {
                  if (isSendShortcut(e)) {
                    e.preventDefault();
                    void submit();
                  }
                }}
              />
              {bodyError ? (
                <Field.ErrorText>{bodyError}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  {MESSAGE_MAX_LENGTH - body.length} characters left · Ctrl+Enter to send
                </Field.HelperText>
              )}
            </Field.Root>
            <Stack gap={2}>
              <AttachmentList uploads={uploads} />
              {tried && uploads.failed ? (
                <Text textStyle="sm" color="fg.error">
                  Remove the files that could not be attached, then send.
                </Text>
              ) : null}
              <div>
                <AttachmentButton uploads={uploads} disabled={start.loading} />
              </div>
            </Stack>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" type="button">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" loading={start.loading} loadingText="Sending…" disabled={uploads.busy}>
            Send message
          </Button>
        </Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" />
        </Dialog.CloseTrigger>
      </form>
    </Dialog.Content>
  );
}
