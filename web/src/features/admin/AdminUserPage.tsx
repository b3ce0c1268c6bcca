import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  DataList,
  Fieldset,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import type { AdminUserQuery } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { hasRole, useCurrentUser } from '../auth';
import { memberSince } from '../profile';
import { ADMINS_ONLY_USERS, AdminNotice } from './AdminNotice';
import { useUserRolesUpdate } from './useUserRolesUpdate';

const AdminUserQueryDocument = graphql(`
  query AdminUser($id: ID!) {
    user(id: $id) {
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
    }
    referenceLists {
      roles
    }
  }
`);

type AdminUser = NonNullable<AdminUserQuery['user']>;

function BackLink() {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" w="fit-content">
      <RouterLink to="/admin/users">
        <ArrowLeft size={16} aria-hidden />
        All users
      </RouterLink>
    </Link>
  );
}

/** One user in the admin area: their account details and the editor of their roles. */
export default function AdminUserPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user: me } = useCurrentUser();
  const { data, loading, error } = useQuery(AdminUserQueryDocument, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const user = data?.user;

  useDocumentTitle(user ? user.displayName : loading ? 'User details' : 'User not found');

  if (loading && !data) return <PageSpinner label="Loading user..." />;

  return (
    <Stack gap={6} maxW="4xl" mx="auto">
      <BackLink />
      {error && !data ? (
        <AdminNotice status="error" title="This user could not be loaded" description={error.message} />
      ) : !user ? (
        <Stack gap={2}>
          <Heading as="h1" size="2xl">
            User not found
          </Heading>
          <Text color="fg.muted">
            There is no account with this id. It may have been mistyped, or the account no longer exists.
          </Text>
        </Stack>
      ) : (
        <>
          <UserDetails user={user} />
          {hasRole(me, 'admin') ? (
            <>
              <Link asChild color="brand.fg" fontWeight="medium" w="fit-content">
                <RouterLink to={`/admin/security?user=${encodeURIComponent(user.id)}`}>
                  <ShieldAlert size={16} aria-hidden />
                  Security log of @{user.username}
                </RouterLink>
              </Link>
              {/* Keyed by user so the editor starts from their saved roles. */}
              <RolesEditor key={user.id} user={user} roleValues={data?.referenceLists.roles ?? []} />
            </>
          ) : (
            <AdminNotice title={ADMINS_ONLY_USERS} />
          )}
        </>
      )}
    </Stack>
  );
}

function UserDetails({ user }: { user: AdminUser }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={6} align={{ base: 'center', sm: 'flex-start' }}>
          <Avatar
            src={user.profileImageUrl}
            username={user.username}
            name={fullName || user.displayName}
            size="xl"
          />
          <Stack gap={4} flex="1" w="full">
            <Stack gap={1}>
              <Heading as="h1" size="2xl">
                {user.displayName}
              </Heading>
              <Text color="fg.muted">@{user.username}</Text>
              <Wrap gap={1} pt={1}>
                {(user.roles ?? []).map((role) => (
                  <Badge key={role} colorPalette={role === 'admin' ? 'red' : 'brand'} variant="subtle">
                    {role}
                  </Badge>
                ))}
              </Wrap>
            </Stack>
            <DataList.Root orientation="horizontal" gap={3}>
              <DataList.Item>
                <DataList.ItemLabel>First name</DataList.ItemLabel>
                <DataList.ItemValue>{user.firstName || '—'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Last name</DataList.ItemLabel>
                <DataList.ItemValue>{user.lastName || '—'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Username</DataList.ItemLabel>
                <DataList.ItemValue>{user.username}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Email</DataList.ItemLabel>
                <DataList.ItemValue>{user.email || '—'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Joined</DataList.ItemLabel>
                <DataList.ItemValue>{memberSince(user.createdAt) || '—'}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

function RolesEditor({ user, roleValues }: { user: AdminUser; roleValues: readonly string[] }) {
  const { updateRoles, loading, userErrors } = useUserRolesUpdate();
  // Admins always see roles (null is for viewers who may not).
  const saved = user.roles ?? [];
  const [selected, setSelected] = useState<string[]>(() => [...saved]);
  // Roles the user holds that are not in the reference list still get a box, so saving keeps them.
  const options = [...roleValues, ...saved.filter((role) => !roleValues.includes(role))];
  const unchanged = sameRoles(selected, saved);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Save in the order of the list, which is stable and readable.
    await updateRoles(
      user.id,
      options.filter((role) => selected.includes(role)),
    );
  }

  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={handleSubmit} noValidate>
        <Card.Body>
          <Fieldset.Root>
            <Stack gap={1}>
              <Fieldset.Legend as="h2" fontSize="lg" fontWeight="semibold">
                Roles
              </Fieldset.Legend>
              <Fieldset.HelperText>
                What this user may do in DRX. Saving replaces all of their roles.
              </Fieldset.HelperText>
            </Stack>
            <Fieldset.Content>
              {userErrors.length > 0 && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>The roles were not saved</Alert.Title>
                    {userErrors.map((e, index) => (
                      <Alert.Description key={`${e.code}-${index}`}>{e.message}</Alert.Description>
                    ))}
                  </Alert.Content>
                </Alert.Root>
              )}
              <CheckboxGroup value={selected} onValueChange={setSelected} name="roles">
                <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap={3}>
                  {options.map((role) => (
                    <Checkbox.Root key={role} value={role}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label fontFamily="mono">{role}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
              </CheckboxGroup>
            </Fieldset.Content>
          </Fieldset.Root>
        </Card.Body>
        <Card.Footer justifyContent="flex-end" gap={3}>
          <Button
            type="button"
            variant="ghost"
            disabled={unchanged || loading}
            onClick={() => setSelected([...saved])}
          >
            Reset
          </Button>
          <Button type="submit" loading={loading} loadingText="Saving…" disabled={unchanged}>
            Save roles
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
