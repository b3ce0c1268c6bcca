import { Alert, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { canEnterAdminArea, hasRole, useCurrentUser } from '../auth';

/** Whether the user has a store: sellers, and staff for their own store (as the server allows). */
export function useStoreOwner() {
  const { user, loading } = useCurrentUser();
  return {
    user,
    loading: loading || user === undefined,
    owner: hasRole(user, 'seller') || canEnterAdminArea(user),
  };
}

/** Shows its children to store owners; others learn the area is for sellers. */
export function SellerOnly({ children }: { children: ReactNode }) {
  const { loading, owner } = useStoreOwner();
  if (loading) return <PageSpinner />;
  if (!owner) {
    return (
      <Stack gap={4} maxW="2xl">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This area is for sellers.</Alert.Title>
            <Alert.Description>Sellers run their curriculum store, sales and payouts here.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild alignSelf="flex-start" variant="outline">
          <RouterLink to="/curriculum">Browse the curriculum store</RouterLink>
        </Button>
      </Stack>
    );
  }
  return children;
}
