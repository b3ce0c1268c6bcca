import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Checkbox,
  EmptyState,
  Field,
  Grid,
  Heading,
  HStack,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Inbox } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { hasRole, useCurrentUser } from '../auth';
import { formatDateTime } from '../../ui/dateFormat';
import { ListCount, ListToolbar, SearchField } from '../../ui/ListToolbar';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { StatCard } from '../../ui/StatCard';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { InboxItemsQueryDocument } from './adminMessages';
import { InboxItemDetail } from './InboxItemDetail';
import {
  excerpt,
  filterVariables,
  filtersFromParams,
  KIND_LABELS,
  KINDS,
  paramsWithFilters,
  STATUS_LABELS,
  STATUS_PALETTES,
  STATUSES,
} from './inboxFormat';

const PAGE_SIZE = 25;

/**
 * /admin/messages: the staff inbox of contact-form messages and message reports. Filters (status,
 * kind, assigned to me, search) live in the URL; `?item=<id>` opens an item's thread next to the
 * list (below it on narrow screens). Admins only: a curriculum officer gets an explanation.
 */
export default function AdminMessagesPage() {
  useDocumentTitle('Messages');
  const { user } = useCurrentUser();
  if (user && !hasRole(user, 'admin')) {
    return (
      <Stack gap={4} maxW="3xl">
        <Heading as="h1" size="2xl">
          Messages
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Only admins can read the contact messages and reports.</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }
  return <Inboxes />;
}

function Inboxes() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const openId = params.get('item');
  const [searchText, setSearchText] = useState(filters.search);
  const detailRef = useRef<HTMLDivElement>(null);

  // Below the xl breakpoint the thread sits under the list: bring an opened item into view.
  useEffect(() => {
    if (openId && !window.matchMedia('(min-width: 80em)').matches) {
      detailRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [openId]);

  // The search box settles into the URL a moment after typing stops, onto the URL as it is then:
  // an item opened meanwhile (a click just before the timer) may not be rendered yet — the router
  // renders a navigation as a transition — and the params of the last render would close it again.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText.trim() !== filters.search) {
        setParams(
          () => paramsWithFilters(new URLSearchParams(window.location.search), { search: searchText }),
          {
            replace: true,
          },
        );
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, setParams]);

  const variables = filterVariables(filters);
  const query = useQuery(InboxItemsQueryDocument, {
    variables: { first: PAGE_SIZE, ...variables },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'inboxItems', {
    errorTitle: 'More messages could not be loaded',
    filterKey: JSON.stringify(variables),
  });
  const data = query.data ?? query.previousData;
  const connection = data?.inboxItems;
  const counts = data?.inboxCounts;

  const linkTo = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('item', id);
    return `?${next.toString()}`;
  };

  return (
    <Stack gap={6} maxW="7xl" mx="auto" w="full">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Messages
        </Heading>
        <Text color="fg.muted">
          Messages from the contact form and members’ reports of conversation messages. Replies are mailed to
          the sender and kept in the thread.
        </Text>
      </Stack>
      {counts ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={3}>
          {STATUSES.map((status) => (
            <StatCard
              key={status}
              label={STATUS_LABELS[status]}
              value={
                status === 'NEW'
                  ? counts.new
                  : counts[status.toLowerCase() as 'open' | 'answered' | 'archived']
              }
            />
          ))}
        </SimpleGrid>
      ) : null}
      <ListToolbar>
        <SearchField value={searchText} onChange={setSearchText} placeholder="Name, email, subject or text" />
        <Field.Root maxW="2xs">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={filters.status ?? ''}
              onChange={(e) =>
                setParams((current) =>
                  paramsWithFilters(current, { status: (e.target.value || null) as typeof filters.status }),
                )
              }
            >
              <option value="">All statuses</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="2xs">
          <Field.Label>Kind</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={filters.kind ?? ''}
              onChange={(e) =>
                setParams((current) =>
                  paramsWithFilters(current, { kind: (e.target.value || null) as typeof filters.kind }),
                )
              }
            >
              <option value="">All kinds</option>
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Checkbox.Root
          pb={2}
          checked={filters.assignedToMe}
          onCheckedChange={(details) =>
            setParams((current) => paramsWithFilters(current, { assignedToMe: details.checked === true }))
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Assigned to me</Checkbox.Label>
        </Checkbox.Root>
        {connection ? <ListCount count={connection.totalCount} singular="item" plural="items" /> : null}
      </ListToolbar>
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap={6} alignItems="start">
        <Box as="section" aria-label="Inbox items">
          {!connection && query.loading ? (
            <PageSpinner label="Loading messages…" minHeight="12rem" />
          ) : query.error && !connection ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>The inbox could not be loaded: {query.error.message}</Alert.Title>
            </Alert.Root>
          ) : !connection || connection.nodes.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <Inbox />
                </EmptyState.Indicator>
                <EmptyState.Title>
                  {filters.search || filters.status || filters.kind || filters.assignedToMe
                    ? 'No messages match'
                    : 'No messages yet'}
                </EmptyState.Title>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Stack gap={3}>
              <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
                {connection.nodes.map((item) => {
                  const current = item.id === openId;
                  return (
                    <li key={item.id}>
                      <Box
                        asChild
                        display="block"
                        p={3}
                        borderWidth="1px"
                        borderRadius="l2"
                        bg={current ? 'bg.emphasized' : 'bg'}
                        borderColor={current ? 'colorPalette.solid' : 'border'}
                        _hover={{ bg: 'bg.muted' }}
                        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                      >
                        <RouterLink to={linkTo(item.id)} aria-current={current ? 'true' : undefined}>
                          <HStack justify="space-between" align="start" gap={2}>
                            <Text fontWeight="semibold" lineClamp={1}>
                              {item.subject}
                            </Text>
                            <Badge colorPalette={STATUS_PALETTES[item.status]} flexShrink={0}>
                              {STATUS_LABELS[item.status]}
                            </Badge>
                          </HStack>
                          <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                            {item.kind === 'REPORT'
                              ? `Report by ${item.user?.displayName ?? 'a member'}`
                              : `${item.name ?? ''} · ${item.email ?? ''}`}
                          </Text>
                          <Text fontSize="sm" lineClamp={2}>
                            {excerpt(item.body)}
                          </Text>
                          <HStack justify="space-between" fontSize="xs" color="fg.muted" mt={1}>
                            <span>{formatDateTime(item.createdAt)}</span>
                            <span>
                              {item.assignedTo ? `Assigned to ${item.assignedTo.displayName}` : 'Unassigned'}
                            </span>
                          </HStack>
                        </RouterLink>
                      </Box>
                    </li>
                  );
                })}
              </Stack>
              <LoadMoreButton pager={pager} />
            </Stack>
          )}
        </Box>
        <Box as="section" aria-label="Selected message" ref={detailRef} scrollMarginTop={4}>
          {openId ? (
            <InboxItemDetail key={openId} id={openId} />
          ) : (
            <Text
              color="fg.muted"
              borderWidth="1px"
              borderStyle="dashed"
              borderRadius="l3"
              p={6}
              textAlign="center"
            >
              Choose a message to read its thread, answer it or add a note.
            </Text>
          )}
        </Box>
      </Grid>
    </Stack>
  );
}
