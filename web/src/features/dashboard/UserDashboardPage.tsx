import { Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Award, CalendarCheck, GraduationCap, Library, Search, ShoppingBag, User } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from '../../ui/Avatar';
import { displayNameOf, rolesOf, useCurrentUser } from '../auth';
import { MembershipDashboardCard } from '../membership';
import { MessagesDashboardCard } from '../messages';
import { DashboardLinkCard, type DashboardLink } from './DashboardLinkCard';
import { MULTI_DASHBOARD_PATH } from './dashboardPath';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PageSpinner } from '../../ui/PageSpinner';

const MEMBER_LINKS: DashboardLink[] = [
  {
    title: 'My Courses',
    description: 'Pick up where you left off in the courses you are enrolled in.',
    to: '/my-courses',
    icon: GraduationCap,
  },
  {
    title: 'My Certifications',
    description: 'See the certificates you have earned and download them.',
    to: '/my-certifications',
    icon: Award,
  },
  {
    title: 'My Purchases',
    description: 'Your orders and the curriculum resources you can download.',
    to: '/my-purchases',
    icon: ShoppingBag,
  },
  {
    title: 'My Bookings',
    description: 'Upcoming and past sessions with instructors.',
    to: '/my-bookings',
    icon: CalendarCheck,
  },
  {
    title: 'My Profile',
    description: 'Your name, picture and account details.',
    to: '/profile',
    icon: User,
  },
  {
    title: 'Browse courses',
    description: 'Find your next certification course.',
    to: '/courses',
    icon: Search,
  },
  {
    title: 'Explore curriculum',
    description: 'Lesson plans and class materials from teachers and sellers.',
    to: '/curriculum',
    icon: Library,
  },
];

export default function UserDashboardPage() {
  const { user, loading } = useCurrentUser();

  useDocumentTitle('My dashboard');

  if (loading || user === undefined) {
    return <PageSpinner label="Loading dashboard..." />;
  }

  const name = user?.displayName || displayNameOf(user);
  const fullName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  const hasSeveralRoles = rolesOf(user).length > 1;

  return (
    <Container maxW="6xl" py={{ base: 8, md: 12 }}>
      <Stack gap={8}>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={4} align={{ base: 'flex-start', sm: 'center' }}>
          <Avatar src={user?.profileImageUrl} username={user?.username} name={fullName || name} size="lg" />
          <Stack gap={1} flex="1">
            <Heading as="h1" size="2xl">
              Welcome back, {name}
            </Heading>
            <Text color="fg.muted">
              Your courses, certificates, purchases and bookings — all in one place.
            </Text>
          </Stack>
          {hasSeveralRoles && (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={MULTI_DASHBOARD_PATH}>Switch dashboard</RouterLink>
            </Button>
          )}
        </Stack>

        <SimpleGrid as="nav" aria-label="Member dashboard" columns={{ base: 1, sm: 2, lg: 3 }} gap={5}>
          <MessagesDashboardCard />
          {MEMBER_LINKS.map((link) => (
            <DashboardLinkCard key={link.to} {...link} />
          ))}
        </SimpleGrid>

        <MembershipDashboardCard />
      </Stack>
    </Container>
  );
}
