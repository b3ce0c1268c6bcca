import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LayoutDashboard, Presentation, ShieldCheck, ClipboardList, Store } from 'lucide-react';
import { hasRole, useCurrentUser } from '../auth';
import { DashboardLinkCard, type DashboardLink } from './DashboardLinkCard';
import { USER_DASHBOARD_PATH } from './dashboardPath';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PageSpinner } from '../../ui/PageSpinner';

/** One dashboard per role that has its own (spec section 2, "Dashboard redirect"). */
const ROLE_DASHBOARDS: Array<DashboardLink & { role: string }> = [
  {
    role: 'seller',
    title: 'Seller dashboard',
    description: 'Manage your store, your resources and your payments.',
    to: '/seller-dashboard',
    icon: Store,
  },
  {
    role: 'instructor',
    title: 'Instructor dashboard',
    description: 'Your courses, students, quizzes and certificates.',
    to: '/instructor/dashboard',
    icon: Presentation,
  },
  {
    role: 'admin',
    title: 'Admin panel',
    description: 'Users, content, orders and settings for the whole site.',
    to: '/admin',
    icon: ShieldCheck,
  },
  {
    role: 'curriculum_officer',
    title: 'Curriculum officer dashboard',
    description: 'Review resources, categories and sellers in the curriculum store.',
    to: '/admin/curriculum-officer',
    icon: ClipboardList,
  },
];

const MEMBER_DASHBOARD: DashboardLink = {
  title: 'Member dashboard',
  description: 'Your courses, certificates, purchases and bookings.',
  to: USER_DASHBOARD_PATH,
  icon: LayoutDashboard,
};

export default function MultiDashboardPage() {
  const { user, loading } = useCurrentUser();

  useDocumentTitle('Choose a dashboard');

  if (loading || user === undefined) {
    return <PageSpinner label="Loading dashboards..." />;
  }

  const dashboards = [
    ...ROLE_DASHBOARDS.filter((dashboard) => hasRole(user, dashboard.role)),
    MEMBER_DASHBOARD,
  ];

  return (
    <Container maxW="5xl" py={{ base: 8, md: 12 }}>
      <Stack gap={8}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Choose a dashboard
          </Heading>
          <Text color="fg.muted">
            You have more than one role on DRX. Pick where you want to work right now — you can come back here
            at any time from My Dashboard.
          </Text>
        </Stack>
        <SimpleGrid as="nav" aria-label="Dashboards" columns={{ base: 1, sm: 2, lg: 3 }} gap={5}>
          {dashboards.map(({ title, description, to, icon }) => (
            <DashboardLinkCard key={to} title={title} description={description} to={to} icon={icon} />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
