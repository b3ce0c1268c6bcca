import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { InboxStatus } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import {
  InboxAssigneesQueryDocument,
  InboxItemQueryDocument,
  InboxItemUpdateMutationDocument,
  InboxNoteAddMutationDocument,
  InboxReplyMutationDocument,
} from './adminMessages';
import { KIND_LABELS, STATUS_LABELS, STATUS_PALETTES, STATUSES, threadOf } from './inboxFormat';
import { SelectWithSave } from './SelectWithSave';

const ENTRY_MAX = 5000;

interface UserErrorLike {
  field?: string | null;
  message: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** One inbox item: who sent it, its status and assignee, the thread, and the note and reply forms. */
export function InboxItemDetail({ id }: { id: string }) {
  const query = useQuery(InboxItemQueryDocument, { variables: { id } });
  const assignees = useQuery(InboxAssigneesQueryDocument);
  const refetchQueries = ['InboxItems'];
  const [update, updating] = useMutation(InboxItemUpdateMutationDocument, { refetchQueries });
  const item = query.data?.inboxItem;

  if (query.loading && !item) return <PageSpinner label="Loading the message…" minHeight="12rem" />;
  if (query.error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>The message could not be loaded: {query.error.message}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!item) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>This message does not exist.</Alert.Title>
      </Alert.Root>
    );
  }

  /** Saves a status or assignee change; true when it was saved. */
  const change = async (input: { status?: InboxStatus; assignedToId?: string | null }, done: string) => {
    try {
      const { data } = await update({ variables: { input: { id: item.id, ...input } } });
      const failure = data?.inboxItemUpdate.userErrors[0];
      if (failure) {
        toaster.error({ title: 'Not changed', description: failure.message });
        return false;
      }
      toaster.success({ title: done });
      return true;
    } catch (error) {
      toaster.error({ title: 'Not changed', description: errorText(error) });
      return false;
    }
  };

  const admins = assignees.data?.users.nodes ?? [];
  const thread = threadOf(item);

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap={5}>
          <Stack gap={2}>
            <HStack gap={2} wrap="wrap">
              <Badge>{KIND_LABELS[item.kind]}</Badge>
              <Badge colorPalette={STATUS_PALETTES[item.status]}>{STATUS_LABELS[item.status]}</Badge>
            </HStack>
            <Heading as="h2" size="lg">
              {item.subject}
            </Heading>
            {item.kind === 'CONTACT' ? (
              <Text fontSize="sm" color="fg.muted">
                From {item.name} &lt;{item.email}&gt;
                {item.user ? (
                  <>
                    {' '}
                    · signed in as{' '}
                    <Link asChild color="brand.fg">
                      <RouterLink to={`/admin/users/${item.user.id}`}>{item.user.username}</RouterLink>
                    </Link>
                  </>
                ) : (
                  ' · guest'
                )}{' '}
                · {formatDateTime(item.createdAt)}
              </Text>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                Reported by{' '}
                {item.user ? (
                  <Link asChild color="brand.fg">
                    <RouterLink to={`/admin/users/${item.user.id}`}>{item.user.displayName}</RouterLink>
                  </Link>
                ) : (
                  'a former member'
                )}{' '}
                · {formatDateTime(item.createdAt)}
              </Text>
            )}
          </Stack>

          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
            <SelectWithSave
              label="Status"
              what="status"
              value={item.status}
              disabled={updating.loading}
              onSave={(status) =>
                change(
                  { status: status as InboxStatus },
                  `Marked ${STATUS_LABELS[status as InboxStatus].toLowerCase()}`,
                )
              }
            >
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </SelectWithSave>
            <SelectWithSave
              label="Assigned to"
              what="assignee"
              value={item.assignedTo?.id ?? ''}
              disabled={updating.loading}
              onSave={(id) => change({ assignedToId: id || null }, id ? 'Assigned' : 'Unassigned')}
            >
              <option value="">Nobody</option>
              {item.assignedTo && !admins.some((a) => a.id === item.assignedTo?.id) ? (
                <option value={item.assignedTo.id}>{item.assignedTo.displayName}</option>
              ) : null}
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.displayName} ({admin.username})
                </option>
              ))}
            </SelectWithSave>
          </SimpleGrid>

          {item.kind === 'REPORT' ? (
            <Stack gap={2} borderWidth="1px" borderRadius="l2" p={3} bg="bg.muted">
              <Text fontWeight="semibold">Reason</Text>
              <Text whiteSpace="pre-wrap">{item.reason}</Text>
              {item.reportedMessage ? (
                <Text fontSize="sm" color="fg.muted">
                  Message by {item.reportedMessage.sender.displayName} ({item.reportedMessage.sender.username}
                  ) in “{item.reportedMessage.conversationSubject || 'a conversation without a subject'}”,
                  sent {formatDateTime(item.reportedMessage.sentAt)}.
                  {item.reportedMessage.body !== item.body ? ' It has been edited since the report.' : ''}
                </Text>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  The message has been deleted; its text as reported is below.
                </Text>
              )}
            </Stack>
          ) : null}

          <Stack as="ol" gap={3} listStyleType="none" m={0} p={0} aria-label="Thread">
            {thread.map((entry) => (
              <Box
                as="li"
                key={entry.key}
                borderWidth="1px"
                borderRadius="l2"
                p={3}
                bg={entry.type === 'note' ? 'yellow.subtle' : entry.type === 'reply' ? 'green.subtle' : 'bg'}
                data-thread-entry={entry.type}
              >
                <HStack justify="space-between" wrap="wrap" gap={2} mb={1}>
                  <Text fontSize="sm" fontWeight="semibold">
                    {entry.who} {entry.label}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatDateTime(entry.at)}
                  </Text>
                </HStack>
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {entry.body}
                </Text>
                {entry.mailId ? (
                  <Link asChild fontSize="sm" color="brand.fg" mt={1}>
                    <RouterLink to={`/admin/outbox?mail=${entry.mailId}`}>
                      See the mail in the outbox
                    </RouterLink>
                  </Link>
                ) : null}
              </Box>
            ))}
          </Stack>

          {item.canReply ? <ReplyForm itemId={item.id} email={item.email ?? ''} /> : null}
          <NoteForm itemId={item.id} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A text box with a submit button that runs `submit`; clears on success, shows errors. */
function EntryForm({
  label,
  helper,
  button,
  busyText,
  loading,
  submit,
}: {
  label: string;
  helper: string;
  button: string;
  busyText: string;
  loading: boolean;
  submit: (body: string) => Promise<UserErrorLike | null>;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(`${label} cannot be empty.`);
      return;
    }
    try {
      const failure = await submit(body);
      if (failure) setError(failure.message);
      else {
        setBody('');
        setError(null);
      }
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={2}>
        <Field.Root invalid={!!error}>
          <Field.Label>{label}</Field.Label>
          <Textarea
            rows={4}
            value={body}
            maxLength={ENTRY_MAX}
            onChange={(e) => {
              setBody(e.target.value);
              if (error) setError(null);
            }}
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{helper}</Field.HelperText>}
        </Field.Root>
        <Button type="submit" alignSelf="start" loading={loading} loadingText={busyText} variant="outline">
          {button}
        </Button>
      </Stack>
    </form>
  );
}

function ReplyForm({ itemId, email }: { itemId: string; email: string }) {
  const [reply, { loading }] = useMutation(InboxReplyMutationDocument, { refetchQueries: ['InboxItems'] });
  return (
    <EntryForm
      label="Reply"
      helper={`Mailed to ${email} with the original message quoted; the item becomes answered.`}
      button="Send reply"
      busyText="Sending…"
      loading={loading}
      submit={async (body) => {
        const { data } = await reply({ variables: { input: { itemId, body } } });
        const failure = data?.inboxReply.userErrors[0] ?? null;
        if (!failure) toaster.success({ title: 'Reply sent', description: `Mailed to ${email}.` });
        return failure;
      }}
    />
  );
}

function NoteForm({ itemId }: { itemId: string }) {
  const [addNote, { loading }] = useMutation(InboxNoteAddMutationDocument, {
    refetchQueries: ['InboxItems'],
  });
  return (
    <EntryForm
      label="Internal note"
      helper="Seen by staff only."
      button="Add note"
      busyText="Adding…"
      loading={loading}
      submit={async (body) => {
        const { data } = await addNote({ variables: { input: { itemId, body } } });
        const failure = data?.inboxNoteAdd.userErrors[0] ?? null;
        if (!failure) toaster.success({ title: 'Note added' });
        return failure;
      }}
    />
  );
}
