import { Alert, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { hasRole, useCurrentUser } from '../auth';

/**
 * Shows its children to instructors (their Connect profile, hours, settings and bookings are
 * their own); others learn that the page is for instructors.
 */
export function InstructorConnectOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner />;
  if (!hasRole(user, 'instructor')) {
    return (
      <Stack gap={4} maxW="2xl" mx="auto">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This page is for instructors.</Alert.Title>
            <Alert.Description>
              Instructors offer private lessons, group classes and consultations on Connect from here.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild alignSelf="flex-start" variant="outline">
          <RouterLink to="/connect">Find an instructor</RouterLink>
        </Button>
      </Stack>
    );
  }
  return children;
}
