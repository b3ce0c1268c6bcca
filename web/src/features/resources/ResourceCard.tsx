import { Badge, Card, HStack, LinkBox, LinkOverlay, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import type { ResourceCard_ResourceFragment } from '../../gql/graphql';
import { RatingStars } from './RatingStars';
import { ResourceThumbnail } from './ResourceThumbnail';
import { resourcePriceLabel } from './resourceFormat';

export const ResourceCardFragment = graphql(`
  fragment ResourceCard_resource on Resource {
    id
    title
    type
    priceCents
    thumbnailUrl
    skillLevel
    ageGroup
    featured
    ratingAverage
    ratingCount
    danceStyle {
      id
      name
    }
    store {
      id
      storeName
    }
    seller {
      id
      displayName
    }
  }
`);

export function resourcePath(id: string): string {
  return `/curriculum/${encodeURIComponent(id)}`;
}

/** A resource in a grid: thumbnail, title, store, style and level, rating, price. */
export function ResourceCard({ resource }: { resource: ResourceCard_ResourceFragment }) {
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        overflow="hidden"
        variant="outline"
        height="full"
        transition="box-shadow 0.15s, transform 0.15s"
        _hover={{ shadow: 'md', transform: 'translateY(-2px)' }}
        data-testid="resource-card"
      >
        <ResourceThumbnail type={resource.type} thumbnailUrl={resource.thumbnailUrl} />
        <Card.Body gap={3} p={4}>
          <Wrap gap={1.5}>
            {resource.danceStyle ? (
              <Badge colorPalette="brand" variant="subtle">
                {resource.danceStyle.name}
              </Badge>
            ) : null}
            {resource.skillLevel ? <Badge variant="outline">{resource.skillLevel}</Badge> : null}
          </Wrap>
          <Stack gap={1}>
            <Card.Title as="h3" fontSize="lg" lineHeight="short">
              <LinkOverlay asChild>
                <RouterLink to={resourcePath(resource.id)}>{resource.title}</RouterLink>
              </LinkOverlay>
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              by {resource.store?.storeName ?? resource.seller.displayName}
            </Text>
          </Stack>
          <HStack justify="space-between" mt="auto">
            <RatingStars value={resource.ratingAverage} count={resource.ratingCount} />
            <Text fontWeight="bold" data-testid="resource-price">
              {resourcePriceLabel(resource.priceCents)}
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
