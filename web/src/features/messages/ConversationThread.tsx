import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Center, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ThreadMessageFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { ScrollPanel } from '../../ui/ScrollPanel';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { MessageComposer } from './MessageComposer';
import {
  ConversationMarkReadMutationDocument,
  ConversationThreadQueryDocument,
  UnreadMessageCountQueryDocument,
} from './messageDocuments';
import { peopleNames } from './messagesFormat';
import { coalescedTask } from './coalescedTask';
import { ReportMessageDialog, type ReportTarget } from './ReportMessageDialog';
import { ThreadHeader, UnblockNotice } from './ThreadHeader';
import { mergeMessages, olderPageCursor } from './threadLayout';
import { ThreadMessages } from './ThreadMessages';
import { type ConversationEventData, useConversationEvents } from './useConversationEvents';

/** Messages per page of a thread. */
export const THREAD_PAGE_SIZE = 30;
/** While the live stream is down, the open thread is read again this often. */
export const THREAD_POLL_MS = 5_000;
/** Within this many pixels of the bottom, a new message scrolls the thread down. */
const NEAR_BOTTOM_PX = 120;

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * One conversation: its header, the messages (older pages on demand, new ones live), "Seen", the
 * composer; marked read while it is on screen. Key it by the conversation id.
 */
export function ConversationThread({ conversationId, backTo }: { conversationId: string; backTo: string }) {
  const client = useApolloClient();
  const [loaded, setLoaded] = useState<ThreadMessageFragment[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [report, setReport] = useState<ReportTarget | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // Marks the conversation read (set below), one mark at a time.
  const markReadNow = useRef<() => void>(() => undefined);

  const refresh = useCallback(() => {
    void client.refetchQueries({ include: [ConversationThreadQueryDocument] }).catch(() => undefined);
  }, [client]);
  const onEvent = useCallback(
    (event: ConversationEventData) => {
      if (event.conversationId !== conversationId) return;
      const message = event.message;
      if (message) setLoaded((list) => mergeMessages(list, [message]));
      // Someone else's message in the open thread: read at once (the cached unread count may not
      // change, e.g. while a read mark is under way).
      if (message && !message.mine && isVisible()) markReadNow.current();
      // Seen marks and unread counts: read the newest page again.
      refresh();
    },
    [conversationId, refresh],
  );
  const { pollInterval } = useConversationEvents({
    onEvent,
    onRefetch: refresh,
    fallbackPollMs: THREAD_POLL_MS,
  });

  const query = useQuery(ConversationThreadQueryDocument, {
    variables: { id: conversationId, last: THREAD_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    pollInterval,
  });
  const conversation = query.data?.conversation;
  const newestPage = conversation?.messages;

  // Every newest page read is added to what is loaded (new messages, changed seen marks).
  useEffect(() => {
    if (!newestPage) return;
    setLoaded((list) => mergeMessages(list, newestPage.nodes));
    setOlderCursor((cursor) => (cursor === undefined ? olderPageCursor(newestPage.pageInfo) : cursor));
  }, [newestPage]);

  const messages = useMemo(
    () => loaded.filter((m) => m.conversationId === conversationId),
    [loaded, conversationId],
  );

  useDocumentTitle(
    conversation ? `Messages with ${peopleNames(conversation.otherParticipants)}` : 'Messages',
  );

  // Marked read while shown: on open, when new messages come in, and when the tab is shown again.
  // Quiet: a failed read mark is tried again with the next message or visit. One mark at a time;
  // asked again meanwhile (a message came in), it marks once more when done: the first mark's
  // answer may predate that message.
  const [markRead] = useMutation(ConversationMarkReadMutationDocument);
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    markReadNow.current = coalescedTask(async () => {
      if (!isVisible()) return;
      await markRead({ variables: { input: { conversationId } } });
      await client.refetchQueries({ include: [UnreadMessageCountQueryDocument] });
    });
  }, [conversationId, client, markRead]);
  useEffect(() => {
    const mark = () => {
      if (unread && isVisible()) markReadNow.current();
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unread]);

  // Scrolling: to the bottom at first and when a message arrives while near the bottom (or is
  // mine); older pages keep the view where it was.
  const lastId = messages[messages.length - 1]?.id;
  const firstId = messages[0]?.id;
  const previous = useRef<{ lastId?: string; firstId?: string; height: number; nearBottom: boolean }>({
    height: 0,
    nearBottom: true,
  });
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const before = previous.current;
    const last = messages[messages.length - 1];
    if (lastId !== before.lastId && (before.nearBottom || !before.lastId || last?.mine)) {
      box.scrollTop = box.scrollHeight;
    } else if (firstId !== before.firstId && before.firstId) {
      box.scrollTop += box.scrollHeight - before.height;
    }
    previous.current = { lastId, firstId, height: box.scrollHeight, nearBottom: true };
  }, [lastId, firstId, messages]);
  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    previous.current.nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    previous.current.height = box.scrollHeight;
  };

  async function loadOlder() {
    if (!olderCursor) return;
    setLoadingOlder(true);
    try {
      const { data } = await client.query({
        query: ConversationThreadQueryDocument,
        variables: { id: conversationId, last: THREAD_PAGE_SIZE, before: olderCursor },
        fetchPolicy: 'network-only',
      });
      const page = data?.conversation?.messages;
      if (page) {
        if (scroller.current) previous.current.height = scroller.current.scrollHeight;
        setLoaded((list) => mergeMessages(list, page.nodes));
        setOlderCursor(olderPageCursor(page.pageInfo));
      }
    } catch (error) {
      toaster.create({
        title: 'Earlier messages could not be loaded',
        description: error instanceof Error ? error.message : undefined,
        type: 'error',
      });
    } finally {
      setLoadingOlder(false);
    }
  }

  if (!conversation) {
    if (query.loading) return <PageSpinner label="Loading the conversation…" minHeight="20rem" />;
    return (
      <Center h="full" p={6}>
        <Alert.Root status={query.error ? 'error' : 'info'} maxW="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {query.error ? 'The conversation could not be loaded' : 'Conversation not found'}
            </Alert.Title>
            <Alert.Description>
              {query.error?.message ?? 'It does not exist or you are not part of it.'}{' '}
              <Link asChild>
                <RouterLink to={backTo}>Back to all conversations</RouterLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Center>
    );
  }

  const other = conversation.otherParticipants[0];
  return (
    <Flex direction="column" h="full" minH={0}>
      <ThreadHeader conversation={conversation} backTo={backTo} />
      <ScrollPanel
        flex="1"
        minH={0}
        height="auto"
        viewportRef={scroller}
        viewportProps={{
          onScroll,
          px: { base: 3, md: 5 },
          py: 4,
          role: 'log',
          'aria-label': `Messages with ${peopleNames(conversation.otherParticipants)}`,
          tabIndex: 0,
          'data-testid': 'thread',
        }}
      >
        <Stack gap={4}>
          {olderCursor ? (
            <Center>
              <Button size="xs" variant="outline" onClick={() => void loadOlder()} loading={loadingOlder}>
                Load earlier messages
              </Button>
            </Center>
          ) : null}
          {messages.length === 0 ? (
            <Text color="fg.muted" textAlign="center">
              No messages yet.
            </Text>
          ) : (
            <ThreadMessages
              messages={messages}
              onReport={(m) => setReport({ messageId: m.id, senderName: m.sender.displayName, body: m.body })}
            />
          )}
        </Stack>
      </ScrollPanel>
      <Box borderTopWidth="1px" px={{ base: 3, md: 4 }} py={3}>
        {conversation.blockedMe ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>You cannot message this person</Alert.Title>
          </Alert.Root>
        ) : conversation.blockedByMe && other ? (
          <UnblockNotice userId={other.id} name={other.displayName} />
        ) : (
          <MessageComposer
            conversationId={conversationId}
            onSent={(message) => setLoaded((list) => mergeMessages(list, [message]))}
          />
        )}
      </Box>
      <ReportMessageDialog target={report} onClose={() => setReport(null)} />
    </Flex>
  );
}
