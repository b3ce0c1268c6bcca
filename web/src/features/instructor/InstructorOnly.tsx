import { Alert, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { canEnterAdminArea, hasRole, useCurrentUser } from '../auth';

/** Whether the user writes courses: instructors, and staff (admins and curriculum officers). */
export function useCourseAuthor() {
  const { user, loading } = useCurrentUser();
  const staff = canEnterAdminArea(user);
  return {
    user,
    loading: loading || user === undefined,
    staff,
    author: hasRole(user, 'instructor') || staff,
  };
}

/** Shows its children to instructors and staff; others learn the area is for instructors. */
export function InstructorOnly({ children }: { children: ReactNode }) {
  const { loading, author } = useCourseAuthor();
  if (loading) return <PageSpinner />;
  if (!author) {
    return (
      <Stack gap={4} maxW="2xl">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This area is for instructors.</Alert.Title>
            <Alert.Description>Instructors create and teach certification courses here.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild alignSelf="flex-start" variant="outline">
          <RouterLink to="/courses">Browse courses</RouterLink>
        </Button>
      </Stack>
    );
  }
  return children;
}
