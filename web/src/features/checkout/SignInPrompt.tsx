import { Button, Container, EmptyState, HStack } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { SignInLink } from '../auth';

/**
 * Shown to a visitor on a checkout page: paying needs an account (the guest cart moves over on
 * sign-in, which comes back to this page).
 */
export function SignInPrompt({ title }: { title: string }) {
  return (
    <Container maxW="2xl" py={12}>
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LogIn />
          </EmptyState.Indicator>
          <EmptyState.Title as="h1">{title}</EmptyState.Title>
          <EmptyState.Description>
            Sign in to check out. The items in your guest cart move to your account when you sign in.
          </EmptyState.Description>
          <HStack>
            <Button asChild>
              <SignInLink>Sign in to check out</SignInLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/cart">Back to cart</RouterLink>
            </Button>
          </HStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}
