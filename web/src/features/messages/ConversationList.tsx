import { Badge, Box, HStack, Input, InputGroup, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Paperclip, Search } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ConversationSummaryFragment, ConversationsQueryVariables } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { ScrollPanel } from '../../ui/ScrollPanel';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { refreshedInbox, refreshSize } from './inboxRefresh';
import { ConversationsQueryDocument } from './messageDocuments';
import { badgeCount, contextLabel, conversationPath, listTime, peopleNames, preview } from './messagesFormat';
import { useConversationEvents } from './useConversationEvents';

/** Conversations per page of the inbox. */
export const INBOX_PAGE_SIZE = 20;
/** While the live stream is down, the inbox is read again this often. */
export const INBOX_POLL_MS = 15_000;

/** The inbox: a search box and my conversations, last activity first, the open one highlighted. */
export function ConversationList({ base, activeId }: { base: string; activeId?: string }) {
  const { text, setText, search } = useDebouncedSearch();
  // Typed as the query's variables, so a refresh may pass `after` too.
  const variables: ConversationsQueryVariables = { first: INBOX_PAGE_SIZE, search: search || null };
  const { query, pager, connection } = usePagedConnection(
    ConversationsQueryDocument,
    'conversations',
    variables,
    { errorTitle: 'More conversations could not be loaded', filterKey: search },
  );
  const { fetchMore } = query;
  const currentSearch = useRef(search);
  useEffect(() => {
    currentSearch.current = search;
  }, [search]);
  const loadedCount = useRef(0);
  useEffect(() => {
    loadedCount.current = connection?.nodes.length ?? 0;
  });
  // A new message may start a conversation or move one to the top: read again as many as are
  // shown (pages added with "Load more" stay), in place of what is cached for the list.
  const refresh = useCallback(() => {
    const startedFor = currentSearch.current;
    const first = refreshSize(loadedCount.current, INBOX_PAGE_SIZE);
    void fetchMore({
      variables: { first, after: null },
      updateQuery: (loaded, { fetchMoreResult }) => {
        if (currentSearch.current !== startedFor || !fetchMoreResult) return loaded;
        const conversations = refreshedInbox(loaded?.conversations, fetchMoreResult.conversations, first);
        return { ...fetchMoreResult, conversations };
      },
    }).catch(() => undefined);
  }, [fetchMore]);
  const { pollInterval } = useConversationEvents({
    onEvent: refresh,
    onRefetch: refresh,
    fallbackPollMs: INBOX_POLL_MS,
  });
  // Polled only while the live stream is down (by the same refresh: Apollo's polling would read
  // the first page only).
  useEffect(() => {
    if (!pollInterval) return;
    const timer = setInterval(refresh, pollInterval);
    return () => clearInterval(timer);
  }, [pollInterval, refresh]);

  const conversations = connection?.nodes ?? [];
  return (
    <Stack gap={0} h="full" minH={0}>
      <Box p={3} borderBottomWidth="1px">
        <InputGroup startElement={<Search size={16} aria-hidden />}>
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search messages"
            aria-label="Search conversations"
          />
        </InputGroup>
      </Box>
      <ScrollPanel flex="1" minH={0} height="auto">
        {!connection && query.loading ? (
          <PageSpinner label="Loading conversations…" minHeight="10rem" />
        ) : query.error && !connection ? (
          <Text p={4} color="fg.error" role="alert">
            Your conversations could not be loaded: {query.error.message}
          </Text>
        ) : conversations.length === 0 ? (
          <Text p={4} color="fg.muted">
            {search ? `No conversations match “${search}”.` : 'No conversations yet.'}
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap={0} aria-label="Conversations">
            {conversations.map((c) => (
              <ConversationRow
                key={c.id}
                conversation={c}
                to={conversationPath(base, c.id)}
                active={c.id === activeId}
              />
            ))}
          </Stack>
        )}
        <Box py={3}>
          <LoadMoreButton pager={pager} />
        </Box>
      </ScrollPanel>
    </Stack>
  );
}

function ConversationRow({
  conversation: c,
  to,
  active,
}: {
  conversation: ConversationSummaryFragment;
  to: string;
  active: boolean;
}) {
  const other = c.otherParticipants[0];
  const names = peopleNames(c.otherParticipants);
  const last = c.lastMessage;
  const unread = c.unreadCount;
  const lastText = last
    ? `${last.mine ? 'You: ' : ''}${last.body ? preview(last.body) : ''}`
    : 'No messages yet';
  return (
    <LinkBox
      as="li"
      px={3}
      py={3}
      borderBottomWidth="1px"
      bg={active ? 'brand.subtle' : undefined}
      _hover={{ bg: active ? 'brand.subtle' : 'bg.subtle' }}
      data-testid="conversation-row"
    >
      <HStack align="flex-start" gap={3}>
        {other ? (
          <Avatar src={other.profileImageUrl} username={other.username} name={other.displayName} size="md" />
        ) : null}
        <Stack gap={0.5} flex="1" minW={0}>
          <HStack justify="space-between" gap={2}>
            <LinkOverlay asChild>
              <RouterLink to={to} aria-current={active ? 'page' : undefined}>
                <Text as="span" fontWeight={unread ? 'bold' : 'semibold'} truncate>
                  {names}
                </Text>
                {unread ? <Text as="span" srOnly>{`, ${unread} unread`}</Text> : null}
              </RouterLink>
            </LinkOverlay>
            <Text textStyle="xs" color="fg.muted" flexShrink={0}>
              {listTime(String(c.lastMessageAt))}
            </Text>
          </HStack>
          {c.subject ? (
            <Text textStyle="sm" truncate fontWeight={unread ? 'semibold' : 'normal'}>
              {c.subject}
            </Text>
          ) : null}
          {c.context ? (
            <Text textStyle="xs" color="fg.muted" truncate>
              {contextLabel(c.context)}
            </Text>
          ) : null}
          <HStack justify="space-between" gap={2}>
            <Text textStyle="sm" color={unread ? 'fg' : 'fg.muted'} truncate>
              {last && last.attachments.length > 0 ? (
                <Paperclip size={12} aria-label="With files" style={{ display: 'inline' }} />
              ) : null}{' '}
              {lastText}
            </Text>
            {unread ? (
              <Badge
                colorPalette="red"
                variant="solid"
                borderRadius="full"
                aria-hidden
                data-testid="conversation-unread"
              >
                {badgeCount(unread)}
              </Badge>
            ) : null}
          </HStack>
        </Stack>
      </HStack>
    </LinkBox>
  );
}
