import { Box, Card, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ProviderSignIn } from '../identities';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { afterAuthPath } from './returnTo';
import { useCurrentUser } from './useCurrentUser';

type AuthTab = 'signin' | 'register';

/**
 * /auth: sign in or create an account, then back to the page that sent the visitor here
 * (`?returnTo=`, returnTo.ts) or /dashboard. A signed-in visitor goes straight there.
 */
export default function AuthPage() {
  useDocumentTitle('Sign in');
  const { user, loading } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'signin';

  if (loading) return <PageSpinner />;
  if (user) return <Navigate to={afterAuthPath(searchParams.toString())} replace />;

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            Welcome to DRX
          </Heading>
          <Text color="fg.muted">Sign in to continue learning, or create a free account.</Text>
        </Stack>
        <Card.Root>
          <Card.Body>
            <ProviderSignIn />
            <Tabs.Root
              value={tab}
              onValueChange={(details) => {
                // The page to go back to stays whichever form is shown.
                const next = new URLSearchParams(searchParams);
                if (details.value === 'register') next.set('tab', 'register');
                else next.delete('tab');
                setSearchParams(next, { replace: true });
              }}
              variant="enclosed"
              fitted
              lazyMount
              unmountOnExit
            >
              <Tabs.List>
                <Tabs.Trigger value="signin">Sign in</Tabs.Trigger>
                <Tabs.Trigger value="register">Register</Tabs.Trigger>
              </Tabs.List>
              <Box pt="6">
                <Tabs.Content value="signin" p="0">
                  <LoginForm />
                </Tabs.Content>
                <Tabs.Content value="register" p="0">
                  <RegisterForm />
                </Tabs.Content>
              </Box>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
