import { Button, Container, EmptyState, HStack } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { SignInLink } from '../auth';

/**
 * /subscription/success for a visitor: someone back from paying whose session ended meanwhile (or
 * who opened the link signed out). The payment is not theirs to see until they sign in, which
 * brings them back here to confirm it.
 */
export function MembershipSignInPrompt() {
  return (
    <Container maxW="2xl" py={12}>
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg" data-testid="membership-sign-in">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LogIn />
          </EmptyState.Indicator>
          <EmptyState.Title as="h1">Thanks for joining</EmptyState.Title>
          <EmptyState.Description>
            Sign in to see your membership. If you have just paid, it is confirmed as soon as you are signed
            in; your benefits start once the payment goes through.
          </EmptyState.Description>
          <HStack wrap="wrap" justify="center">
            <Button asChild>
              <SignInLink>Sign in to see your membership</SignInLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/subscription">Membership plans</RouterLink>
            </Button>
          </HStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}
