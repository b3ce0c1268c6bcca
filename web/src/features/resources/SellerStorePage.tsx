import { useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Container, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { RatingStars } from './RatingStars';
import { ResourceGrid } from './ResourceGrid';
import { plural } from './resourceFormat';

const SellerStoreQueryDocument = graphql(`
  query SellerStore($id: ID!) {
    seller(id: $id) {
      id
      storeName
      bio
      logoUrl
      stats {
        resourceCount
        ratingAverage
        ratingCount
      }
      user {
        id
        username
        displayName
        profileImageUrl
      }
    }
  }
`);

/** /sellers/:sellerId and /seller-store/:sellerId: a seller's store header and their resources. */
export default function SellerStorePage() {
  const { sellerId = '' } = useParams();
  const { data, loading, error } = useQuery(SellerStoreQueryDocument, { variables: { id: sellerId } });
  const seller = data?.seller ?? null;
  useDocumentTitle(seller?.storeName ?? 'Seller store');

  if (loading && !data) return <PageSpinner label="Loading store..." />;
  if (error && !data) {
    return (
      <Container maxW="3xl" py={10}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The store could not be loaded</Alert.Title>
            <Alert.Description>{error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    );
  }
  if (!seller) {
    return (
      <Container maxW="3xl" py={16}>
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Store />
            </EmptyState.Indicator>
            <EmptyState.Title>Store not found</EmptyState.Title>
            <Button asChild variant="outline">
              <RouterLink to="/curriculum">Browse the curriculum store</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Container>
    );
  }
  return (
    <Box>
      <Box bg="bg.muted" py={{ base: 8, md: 10 }} borderBottomWidth="1px">
        <Container maxW="7xl">
          <HStack gap={5} align="center">
            <Avatar
              src={seller.logoUrl ?? seller.user.profileImageUrl}
              username={seller.user.username}
              name={seller.storeName}
              size="2xl"
            />
            <Stack gap={1}>
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
                {seller.storeName}
              </Heading>
              <Text color="fg.muted">by {seller.user.displayName}</Text>
              <HStack gap={4} wrap="wrap">
                <Text fontSize="sm">{plural(seller.stats.resourceCount, 'resource')}</Text>
                <RatingStars value={seller.stats.ratingAverage} count={seller.stats.ratingCount} />
              </HStack>
            </Stack>
          </HStack>
          {seller.bio ? (
            <Text mt={4} maxW="3xl">
              {seller.bio}
            </Text>
          ) : null}
        </Container>
      </Box>
      <Container maxW="7xl" py={{ base: 6, md: 8 }}>
        <ResourceGrid
          filter={{ sellerId: seller.id }}
          sort={'NEWEST'}
          columns={{ base: 1, sm: 2, lg: 4 }}
          empty={<EmptyState.Title>This store has no resources yet</EmptyState.Title>}
        />
      </Container>
    </Box>
  );
}
