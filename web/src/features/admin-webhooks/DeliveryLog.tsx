import {
  Badge,
  Box,
  Button,
  Code,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Fragment, useState } from 'react';
import type { WebhookMessageFieldsFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { lastResponse, messageStatus, prettyJson } from './webhookFormat';

export interface DeliveryLogProps {
  messages: readonly WebhookMessageFieldsFragment[];
  totalCount: number;
  status: string;
  onStatusChange: (status: string) => void;
  redelivering: string | null;
  onRedeliver: (messageId: string) => void;
}

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'succeeded', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

/** An endpoint's messages, newest first; each opens to its payload and every attempt. */
export function DeliveryLog({
  messages,
  totalCount,
  status,
  onStatusChange,
  redelivering,
  onRedeliver,
}: DeliveryLogProps) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap={3}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h2" size="lg">
          Delivery log
        </Heading>
        <HStack gap={3}>
          <NativeSelect.Root size="sm" width="10rem">
            <NativeSelect.Field
              aria-label="Show messages"
              value={status}
              onChange={(e) => onStatusChange(e.target.value)}
            >
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Text color="fg.muted" fontSize="sm">
            {totalCount} {totalCount === 1 ? 'message' : 'messages'}
          </Text>
        </HStack>
      </HStack>
      {messages.length === 0 ? (
        <Text color="fg.muted">No messages{status ? ' of this status' : ' yet'}.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Event</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Attempts</Table.ColumnHeader>
                <Table.ColumnHeader>Last answer</Table.ColumnHeader>
                <Table.ColumnHeader>Created</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {messages.map((message) => {
                const look = messageStatus(message.status);
                const expanded = open === message.id;
                const detailsId = `delivery-${message.id}`;
                return (
                  <Fragment key={message.id}>
                    <Table.Row data-testid="webhook-delivery-row">
                      <Table.Cell>
                        <Text fontFamily="mono" fontSize="sm">
                          {message.eventType}
                        </Text>
                        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                          {message.subject}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={look.palette}>{look.label}</Badge>
                        {message.status === 'pending' && message.nextAttemptAt ? (
                          <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                            next {formatDateTime(message.nextAttemptAt)}
                          </Text>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell fontSize="sm">{message.attemptCount}</Table.Cell>
                      <Table.Cell fontSize="sm" whiteSpace="nowrap" title={message.lastError ?? undefined}>
                        {lastResponse(message.lastResponseStatus, message.lastDurationMs)}
                      </Table.Cell>
                      <Table.Cell fontSize="sm" whiteSpace="nowrap">
                        {formatDateTime(message.createdAt)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        <HStack justify="flex-end" gap={2}>
                          <Button
                            size="xs"
                            variant="outline"
                            aria-expanded={expanded}
                            aria-controls={detailsId}
                            onClick={() => setOpen(expanded ? null : message.id)}
                          >
                            {expanded ? 'Hide' : 'Details'}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="brand"
                            loading={redelivering === message.id}
                            loadingText="Sending…"
                            aria-label={`Redeliver ${message.eventType} ${message.id}`}
                            onClick={() => onRedeliver(message.id)}
                          >
                            Redeliver
                          </Button>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                    {expanded ? (
                      <Table.Row id={detailsId}>
                        <Table.Cell colSpan={6} bg="bg.subtle">
                          <MessageDetails message={message} />
                        </Table.Cell>
                      </Table.Row>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function Excerpt({ label, text }: { label: string; text: string }) {
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {label}
      </Text>
      <Code
        as="pre"
        display="block"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        p={2}
        fontSize="xs"
        maxH="16rem"
        overflow="auto"
        // A long excerpt scrolls: the keyboard reaches it, and a screen reader names it.
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        {text || '(empty)'}
      </Code>
    </Box>
  );
}

function MessageDetails({ message }: { message: WebhookMessageFieldsFragment }) {
  return (
    <Stack gap={4} py={2}>
      <Text fontSize="sm">
        Message <Code>{message.id}</Code>
        {message.deliveredAt ? `, delivered ${formatDateTime(message.deliveredAt)}` : ''}
      </Text>
      <Excerpt label="Payload" text={prettyJson(message.payload)} />
      {message.attempts.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No attempt yet: it waits for its turn (an older message about the same subject goes first).
        </Text>
      ) : (
        message.attempts.map((attempt, index) => (
          <Stack key={attempt.id} gap={2} borderTopWidth="1px" pt={3}>
            <HStack gap={2} wrap="wrap">
              <Text fontSize="sm" fontWeight="semibold">
                Attempt {index + 1}
              </Text>
              <Badge colorPalette={attempt.succeeded ? 'green' : 'red'}>
                {attempt.responseStatus ?? 'No answer'}
              </Badge>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(attempt.startedAt)} · {attempt.durationMs} ms · {attempt.trigger}
              </Text>
            </HStack>
            {attempt.error ? (
              <Text fontSize="sm" color="fg.error">
                {attempt.error}
              </Text>
            ) : null}
            <Excerpt
              label={`Request headers (POST ${attempt.url})`}
              text={prettyJson(attempt.requestHeaders)}
            />
            <Excerpt label="Response body (first 2 KB)" text={attempt.responseBody ?? ''} />
          </Stack>
        ))
      )}
    </Stack>
  );
}
