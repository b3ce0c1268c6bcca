import { Alert, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ProviderSignIn } from '../identities';
import { RegisterForm } from './RegisterForm';
import { StoreInviteClaim } from './StoreInviteClaim';
import { useCurrentUser } from './useCurrentUser';

/**
 * /register: the registration form on its own. A signed-in visitor goes to /dashboard. A store
 * purchase invitation links here with `email` (prefilled) and `storeInvite` (sent with the
 * registration; a signed-in visitor claims it for their account instead).
 */
export default function RegisterPage() {
  useDocumentTitle('Create your account');
  const { user, loading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  const storeInvite = searchParams.get('storeInvite')?.trim() || undefined;

  if (loading) return <PageSpinner />;
  if (user && storeInvite) return <StoreInviteClaim token={storeInvite} />;
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
        {storeInvite ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your store purchase is waiting for you</Alert.Title>
              <Alert.Description>
                Create your account with the email address you bought with
                {email ? ` (${email})` : ''} and it will be in your account. Already registered with that
                address? Sign in, then open the link from your email again.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Card.Root>
          <Card.Body>
            <ProviderSignIn />
            <RegisterForm email={email} storeInvite={storeInvite} />
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
