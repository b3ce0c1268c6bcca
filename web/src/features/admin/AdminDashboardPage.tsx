import { useQuery } from '@apollo/client/react';
import { Box, Button, Card, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Receipt } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { sidebarItemsFor, sidebarTitleFor } from '../../layouts/adminSidebarItems';
import { PageSpinner } from '../../ui/PageSpinner';
import { StatCard } from '../../ui/StatCard';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canEnterAdminArea, useCurrentUser } from '../auth';
import { percentOf } from './adminFormat';
import { AdminNotice } from './AdminNotice';

const AdminDashboardQueryDocument = graphql(`
  query AdminDashboard {
    adminOverview {
      usersTotal
      newUsersLast7Days
      usersByRole {
        role
        count
      }
    }
  }
`);

const numberFormat = new Intl.NumberFormat('en-US');

const ORDERS_LINK = { to: '/admin/orders', label: 'Orders', icon: Receipt };

/** The admin area's front page: user figures and the way into every section the user may use. */
export default function AdminDashboardPage() {
  const { user } = useCurrentUser();
  const { data, loading, error } = useQuery(AdminDashboardQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });

  useDocumentTitle('Admin dashboard');

  const overview = data?.adminOverview;
  // Every section of the user's sidebar but this page; another dashboard says whose it is.
  const sidebarLinks = sidebarItemsFor(user)
    .filter((item) => item.to !== '/admin')
    .map((item) => (item.end ? { ...item, label: `${sidebarTitleFor(user)} dashboard` } : item));
  // Orders has no sidebar item (the spec fixes the sidebar); staff reach it from here.
  const links = canEnterAdminArea(user) ? [...sidebarLinks, ORDERS_LINK] : sidebarLinks;
  const largest = Math.max(0, ...(overview?.usersByRole.map((r) => r.count) ?? []));

  return (
    <Stack gap={8} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Admin dashboard
        </Heading>
        <Text color="fg.muted">Who uses DRX, and the way into each part of the admin area.</Text>
      </Stack>

      {loading && !overview ? (
        <PageSpinner label="Loading figures..." minHeight="12rem" />
      ) : !overview ? (
        <AdminNotice
          status="error"
          title="The figures could not be loaded"
          description={error?.message ?? 'Please try again.'}
        />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={5}>
            <StatCard
              label="Total users"
              value={numberFormat.format(overview.usersTotal)}
              hint="All accounts"
            />
            <StatCard
              label="New this week"
              value={numberFormat.format(overview.newUsersLast7Days)}
              hint="Joined in the last 7 days"
            />
          </SimpleGrid>

          <Card.Root variant="outline" as="section" aria-labelledby="users-by-role-heading">
            <Card.Header>
              <Card.Title as="h2" id="users-by-role-heading">
                Users by role
              </Card.Title>
              <Card.Description>A user with several roles counts once for each.</Card.Description>
            </Card.Header>
            <Card.Body>
              {overview.usersByRole.length === 0 ? (
                <Text color="fg.muted">No user holds a role yet.</Text>
              ) : (
                <Stack as="ul" gap={3} listStyleType="none" aria-label="Users by role">
                  {overview.usersByRole.map(({ role, count }) => (
                    <Box as="li" key={role}>
                      <HStack justify="space-between" mb={1}>
                        <Text fontFamily="mono" fontSize="sm">
                          {role}
                        </Text>
                        <Text fontWeight="semibold" fontSize="sm">
                          {numberFormat.format(count)}
                        </Text>
                      </HStack>
                      <Box h="2" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden>
                        <Box
                          h="full"
                          w={`${percentOf(count, largest)}%`}
                          bg={role === 'admin' ? 'red.solid' : 'brand.solid'}
                          borderRadius="full"
                        />
                      </Box>
                    </Box>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </>
      )}

      {links.length > 0 && (
        <Stack as="section" gap={4} aria-labelledby="admin-sections-heading">
          <Heading as="h2" size="lg" id="admin-sections-heading">
            Quick links
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={3}>
            {links.map((item) => (
              <Button key={item.to} asChild variant="outline" justifyContent="flex-start" bg="bg" size="lg">
                <RouterLink to={item.to}>
                  <Icon boxSize={4} color="brand.fg">
                    <item.icon aria-hidden />
                  </Icon>
                  {item.label}
                </RouterLink>
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
