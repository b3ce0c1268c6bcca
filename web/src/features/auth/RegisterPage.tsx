import { Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { RegisterForm } from './RegisterForm';
import { useCurrentUser } from './useCurrentUser';

/** /register: the registration form on its own. A signed-in visitor goes to /dashboard. */
export default function RegisterPage() {
  useDocumentTitle('Create your account');
  const { user, loading } = useCurrentUser();

  if (loading) return <PageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            Create your account
          </Heading>
          <Text color="fg.muted">
            Join DRX to take certification courses, buy curriculum and book instructors.
          </Text>
        </Stack>
        <Card.Root>
          <Card.Body>
            <RegisterForm />
          </Card.Body>
        </Card.Root>
        <Text textAlign="center" color="fg.muted">
          Already have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/auth">Sign in</RouterLink>
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
