import { Alert, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { canEnterAdminArea, hasRole, useCurrentUser } from '../auth';

/** Sellers and staff sell resources; others learn what the page is for. */
export function SellerOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner />;
  if (!(hasRole(user, 'seller') || canEnterAdminArea(user))) {
    return (
      <Stack gap={4} maxW="2xl" mx="auto" py={8} px={4}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This page is for sellers.</Alert.Title>
            <Alert.Description>
              Sellers upload and sell teaching resources in the curriculum store. Your account does not have
              the seller role.
            </Alert.Description>
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
