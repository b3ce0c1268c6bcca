import { useQuery } from '@apollo/client/react';
import {
  Badge,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  Link,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Search, UserX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useSettlingText } from '../../ui/useSettlingText';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { hasRole, useCurrentUser } from '../auth';
import { memberSince } from '../profile';
import { formatUserCount } from './adminFormat';
import { ADMINS_ONLY_USERS, AdminNotice } from './AdminNotice';
import { isForbiddenError } from './graphqlErrors';

const AdminUsersQueryDocument = graphql(`
  query AdminUsers($first: Int, $after: String, $search: String, $role: String) {
    users(first: $first, after: $after, search: $search, role: $role) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        username
        displayName
        firstName
        lastName
        email
        role
        roles
        profileImageUrl
        createdAt
        deletedAt
      }
    }
  }
`);

const AdminRoleOptionsQueryDocument = graphql(`
  query AdminRoleOptions {
    referenceLists {
      roles
    }
  }
`);

export const USERS_PAGE_SIZE = 20;

/** The user list of the admin area, filtered by the `search` and `role` URL parameters. */
export default function AdminUsersPage() {
  const { user: me, loading: meLoading } = useCurrentUser();
  useDocumentTitle('Users');

  if (meLoading || me === undefined) return <PageSpinner />;

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Heading as="h1" size="2xl">
        Users
      </Heading>
      {hasRole(me, 'admin') ? <UsersDirectory /> : <AdminNotice title={ADMINS_ONLY_USERS} />}
    </Stack>
  );
}

function UsersDirectory() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const role = params.get('role') ?? '';

  // The latest parameters: a debounced write must not undo a role chosen meanwhile (the
  // functional form of setParams would see the parameters of the render that scheduled it).
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);

  const setParam = (name: 'search' | 'role', value: string) => {
    const next = new URLSearchParams(latestParams.current);
    if (value) next.set(name, value);
    else next.delete(name);
    latestParams.current = next;
    setParams(next, { replace: true });
  };

  // The box shows what is typed; the URL (and so the query) follows 300 ms after typing stops.
  const { text, onText: onSearchChange } = useSettlingText(urlSearch, (value) => setParam('search', value));

  const search = urlSearch.trim();

  const { data: roleData } = useQuery(AdminRoleOptionsQueryDocument);
  const usersQuery = useQuery(AdminUsersQueryDocument, {
    variables: { first: USERS_PAGE_SIZE, search: search || null, role: role || null },
    // Roles change elsewhere in the admin area: show the cached list, then the server's.
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { data, previousData, loading, error } = usersQuery;
  // A page for a filter that has since changed is dropped.
  const pager = useLoadMore(usersQuery, 'users', {
    errorTitle: 'More users could not be loaded',
    filterKey: `${search}\u0000${role}`,
  });

  const connection = (data ?? previousData)?.users;
  const refreshing = loading && !data;
  const roleOptions = roleData?.referenceLists.roles ?? [];

  return (
    <Stack gap={5}>
      <Stack direction={{ base: 'column', md: 'row' }} gap={4} align={{ md: 'flex-end' }}>
        <Field.Root flex="2">
          <Field.Label>Search users</Field.Label>
          <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
            <Input
              type="search"
              name="search"
              bg="bg"
              placeholder="Username, name or email"
              value={text}
              onChange={(e) => onSearchChange(e.target.value)}
            />
          </InputGroup>
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>Role</Field.Label>
          <NativeSelect.Root bg="bg">
            <NativeSelect.Field name="role" value={role} onChange={(e) => setParam('role', e.target.value)}>
              <option value="">All roles</option>
              {/* A role from the URL shows even before (or without) the list of roles. */}
              {(roleOptions.includes(role) || !role ? roleOptions : [role, ...roleOptions]).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>

      {error ? (
        isForbiddenError(error) ? (
          <AdminNotice title={ADMINS_ONLY_USERS} />
        ) : (
          <AdminNotice status="error" title="The users could not be loaded" description={error.message} />
        )
      ) : !connection ? (
        <PageSpinner label="Loading users..." minHeight="12rem" />
      ) : (
        <Stack gap={4}>
          <HStack gap={3} minH="6">
            <Text fontWeight="medium" aria-live="polite">
              {refreshing ? 'Searching…' : formatUserCount(connection.totalCount)}
            </Text>
            {refreshing && <Spinner size="sm" color="brand.solid" />}
          </HStack>

          {connection.nodes.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <UserX />
                </EmptyState.Indicator>
                <EmptyState.Title>No users match your search</EmptyState.Title>
                <EmptyState.Description>Try another name, or choose All roles.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
              <Table.Root size="sm" interactive opacity={refreshing ? 0.6 : 1}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader w="12">
                      <Text srOnly>Picture</Text>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>Name</Table.ColumnHeader>
                    <Table.ColumnHeader>Username</Table.ColumnHeader>
                    <Table.ColumnHeader>Email</Table.ColumnHeader>
                    <Table.ColumnHeader>Roles</Table.ColumnHeader>
                    <Table.ColumnHeader whiteSpace="nowrap">Joined</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {connection.nodes.map((u) => {
                    const fullName = [u.firstName, u.lastName].filter(Boolean).join(' ');
                    return (
                      <Table.Row key={u.id}>
                        <Table.Cell>
                          <Avatar
                            src={u.profileImageUrl}
                            username={u.username}
                            name={fullName || u.displayName}
                            size="sm"
                          />
                        </Table.Cell>
                        <Table.Cell fontWeight="medium">
                          <Link asChild color="brand.fg">
                            <RouterLink to={`/admin/users/${encodeURIComponent(u.id)}`}>
                              {u.displayName}
                            </RouterLink>
                          </Link>
                          {fullName && fullName !== u.displayName ? (
                            <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                              {fullName}
                            </Text>
                          ) : null}
                        </Table.Cell>
                        <Table.Cell color="fg.muted">@{u.username}</Table.Cell>
                        <Table.Cell>{u.email || '—'}</Table.Cell>
                        <Table.Cell>
                          <Wrap gap={1}>
                            {u.deletedAt ? (
                              <Badge colorPalette="gray" variant="solid">
                                deleted
                              </Badge>
                            ) : null}
                            {(u.roles ?? []).map((r) => (
                              <Badge key={r} colorPalette={r === 'admin' ? 'red' : 'brand'} variant="subtle">
                                {r}
                              </Badge>
                            ))}
                          </Wrap>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{memberSince(u.createdAt) || '—'}</Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}

          <LoadMoreButton pager={pager} disabled={refreshing} />
        </Stack>
      )}
    </Stack>
  );
}
