import { Button, EmptyState, HStack } from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

/** The checkout of an empty cart: the spec's 'Your cart is empty' and the ways to fill it. */
export function EmptyCartNotice() {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <ShoppingCart />
        </EmptyState.Indicator>
        <EmptyState.Title>Your cart is empty</EmptyState.Title>
        <EmptyState.Description>
          Add a course or a resource, then come back to check out.
        </EmptyState.Description>
        <HStack>
          <Button asChild>
            <RouterLink to="/curriculum">Browse the curriculum</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/courses">Browse courses</RouterLink>
          </Button>
        </HStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
