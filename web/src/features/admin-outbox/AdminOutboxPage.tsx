import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Inbox, Paperclip } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../ui/dateFormat';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { AdminMailOutboxMessageQueryDocument, AdminMailOutboxQueryDocument } from './adminOutbox';
import { attachmentsSummary, deliveryState, formatBytes } from './outboxFormat';

const PAGE_SIZE = 25;

/**
 * /admin/outbox: every mail the app made, newest first, with a search by recipient or subject;
 * a mail opens in a dialog (its text and attachments; `?mail=<id>` links to it).
 */
export default function AdminOutboxPage() {
  useDocumentTitle('Outbox');
  const { text, setText, search } = useDebouncedSearch();
  const [params, setParams] = useSearchParams();
  const openId = params.get('mail');
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('mail', id);
        else next.delete('mail');
        return next;
      },
      { replace: !id },
    );

  const query = useQuery(AdminMailOutboxQueryDocument, {
    variables: { first: PAGE_SIZE, search: search || null },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'adminMailOutbox', {
    errorTitle: 'More mail could not be loaded',
    filterKey: search,
  });
  const connection = (query.data ?? query.previousData)?.adminMailOutbox;

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Outbox
        </Heading>
        <Text color="fg.muted">
          Every mail the app sent or kept. Without an SMTP server (SMTP_URL) mail is only kept here.
        </Text>
      </Stack>
      <HStack gap={3} align="flex-end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Search</Field.Label>
          <Input
            type="search"
            value={text}
            placeholder="Recipient or subject"
            onChange={(e) => setText(e.target.value)}
          />
        </Field.Root>
        {connection ? (
          <Text color="fg.muted" fontSize="sm" pb={2}>
            {connection.totalCount} {connection.totalCount === 1 ? 'mail' : 'mails'}
          </Text>
        ) : null}
      </HStack>
      {!connection && query.loading ? (
        <PageSpinner label="Loading mail…" minHeight="12rem" />
      ) : query.error && !connection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The outbox could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      ) : !connection || connection.nodes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Inbox />
            </EmptyState.Indicator>
            <EmptyState.Title>{search ? 'No mail matches' : 'No mail yet'}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>To</Table.ColumnHeader>
                  <Table.ColumnHeader>Subject</Table.ColumnHeader>
                  <Table.ColumnHeader>Attachments</Table.ColumnHeader>
                  <Table.ColumnHeader>Created</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {connection.nodes.map((mail) => {
                  const state = deliveryState(mail);
                  return (
                    <Table.Row key={mail.id}>
                      <Table.Cell>{mail.to}</Table.Cell>
                      <Table.Cell>
                        <Button
                          variant="plain"
                          size="sm"
                          px={0}
                          h="auto"
                          fontWeight="medium"
                          textAlign="start"
                          whiteSpace="normal"
                          color="colorPalette.fg"
                          textDecoration="underline"
                          onClick={() => open(mail.id)}
                        >
                          {mail.subject || '(no subject)'}
                        </Button>
                      </Table.Cell>
                      <Table.Cell fontSize="sm" color="fg.muted">
                        {attachmentsSummary(mail.attachmentNames)}
                      </Table.Cell>
                      <Table.Cell fontSize="sm" whiteSpace="nowrap">
                        {formatDateTime(mail.createdAt)}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={state.palette} title={state.detail}>
                          {state.label}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMoreButton pager={pager} />
        </>
      )}
      <MailDialog id={openId} onClose={() => open(null)} />
    </Stack>
  );
}

function MailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={id !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{id !== null ? <MailContent key={id} id={id} /> : null}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function MailContent({ id }: { id: string }) {
  const query = useQuery(AdminMailOutboxMessageQueryDocument, { variables: { id } });
  const mail = query.data?.adminMailOutboxMessage;
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>{mail ? mail.subject || '(no subject)' : 'Mail'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {query.loading && !mail ? (
          <PageSpinner label="Loading the mail…" minHeight="8rem" />
        ) : query.error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>The mail could not be loaded: {query.error.message}</Alert.Title>
          </Alert.Root>
        ) : !mail ? (
          <Text>This mail does not exist.</Text>
        ) : (
          <Stack gap={4}>
            <Stack gap={1} fontSize="sm">
              <Text>
                <Text as="span" color="fg.muted">
                  From:{' '}
                </Text>
                {mail.from}
              </Text>
              <Text>
                <Text as="span" color="fg.muted">
                  To:{' '}
                </Text>
                {mail.to}
              </Text>
              <Text>
                <Text as="span" color="fg.muted">
                  Created:{' '}
                </Text>
                {formatDateTime(mail.createdAt)}
              </Text>
              <Text>
                <Text as="span" color="fg.muted">
                  Status:{' '}
                </Text>
                {deliveryState(mail).label}
                {mail.sentAt ? ` (${formatDateTime(mail.sentAt)})` : ''}
              </Text>
              {mail.error && !mail.sentAt ? <Text color="fg.error">{mail.error}</Text> : null}
            </Stack>
            <Box
              as="pre"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
              fontFamily="inherit"
              fontSize="sm"
              borderWidth="1px"
              borderRadius="l2"
              p={3}
              bg="bg.subtle"
            >
              {mail.text}
            </Box>
            {mail.html ? (
              <Text fontSize="sm" color="fg.muted">
                This mail has an HTML version too (not shown here).
              </Text>
            ) : null}
            {mail.attachments.length > 0 ? (
              <Stack gap={1}>
                <Heading as="h3" size="sm">
                  Attachments
                </Heading>
                {mail.attachments.map((attachment) => (
                  <HStack key={attachment.index} gap={2} fontSize="sm">
                    <Paperclip size={14} aria-hidden />
                    <Link href={attachment.url} download={attachment.filename}>
                      {attachment.filename}
                    </Link>
                    <Text color="fg.muted">
                      {attachment.contentType}, {formatBytes(attachment.size)}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            ) : null}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
