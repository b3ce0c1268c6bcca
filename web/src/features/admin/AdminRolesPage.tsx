import { useQuery } from '@apollo/client/react';
import { Badge, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { formatUserCount } from './adminFormat';
import { AdminNotice } from './AdminNotice';
import { roleDescription, roleRows } from './roleDescriptions';

const AdminRolesQueryDocument = graphql(`
  query AdminRoles {
    referenceLists {
      roles
    }
    adminOverview {
      usersByRole {
        role
        count
      }
    }
  }
`);

/** Every role value, what it allows, and how many users hold it. */
export default function AdminRolesPage() {
  const { data, loading, error } = useQuery(AdminRolesQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });

  useDocumentTitle('Roles');

  const rows = data ? roleRows(data.referenceLists.roles, data.adminOverview.usersByRole) : [];

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Roles
        </Heading>
        <Text color="fg.muted">
          A user may hold several roles. Change a user&apos;s roles on their page under Users.
        </Text>
      </Stack>

      {loading && !data ? (
        <PageSpinner label="Loading roles..." minHeight="12rem" />
      ) : !data ? (
        <AdminNotice
          status="error"
          title="The roles could not be loaded"
          description={error?.message ?? 'Please try again.'}
        />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
          <Table.Root size="md">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader>What it may do</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Users</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(({ role, count }) => (
                <Table.Row key={role}>
                  <Table.Cell>
                    <Badge
                      colorPalette={role === 'admin' ? 'red' : 'brand'}
                      variant="subtle"
                      fontFamily="mono"
                    >
                      {role}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="normal" minW="64">
                    {roleDescription(role)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    <Link asChild color="brand.fg" fontWeight="medium">
                      <RouterLink
                        to={`/admin/users?role=${encodeURIComponent(role)}`}
                        aria-label={`${formatUserCount(count)} with the role ${role}`}
                      >
                        {count}
                      </RouterLink>
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
