import { Button, Container, EmptyState } from '@chakra-ui/react';
import { UserX } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

/** The page shown for an instructor who is not found or not taking bookings (profile and booking pages). */
export function InstructorNotFound({ message }: { message?: string }) {
  return (
    <Container maxW="2xl" py={12}>
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <UserX />
          </EmptyState.Indicator>
          <EmptyState.Title as="h1">Instructor not found</EmptyState.Title>
          <EmptyState.Description>
            {message ?? 'This instructor is not taking bookings, or the link is wrong.'}
          </EmptyState.Description>
          <Button asChild variant="outline">
            <RouterLink to="/connect">Find an instructor</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}
