import { Badge, Box, Card, HStack, LinkBox, LinkOverlay, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ShopProductCardFragment } from '../../gql/graphql';
import { formatPriceRange, shopProductPath, tagLabel } from './shopFormat';
import { ShopImage } from './ShopImage';

/** A product in a grid: image, dance styles, title, price (or range) and "Sold out". */
export function ShopProductCard({
  product,
  headingLevel = 'h3',
}: {
  product: ShopProductCardFragment;
  headingLevel?: 'h2' | 'h3';
}) {
  const image = product.images[0];
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        overflow="hidden"
        variant="outline"
        height="full"
        transition="box-shadow 0.15s, transform 0.15s"
        _hover={{ shadow: 'md', transform: 'translateY(-2px)' }}
        data-testid="shop-product-card"
      >
        <Box position="relative">
          <ShopImage src={image?.url} alt={image?.altText || product.title} aspectRatio={1} />
          {!product.available ? (
            <Badge
              position="absolute"
              top={3}
              left={3}
              colorPalette="gray"
              variant="solid"
              data-testid="sold-out"
            >
              Sold out
            </Badge>
          ) : null}
        </Box>
        <Card.Body gap={2} p={4}>
          {product.danceStyles.length > 0 || product.productType ? (
            <Wrap gap={1.5}>
              {product.danceStyles.slice(0, 2).map((style) => (
                <Badge key={style} colorPalette="brand" variant="subtle">
                  {tagLabel(style)}
                </Badge>
              ))}
              {product.productType ? <Badge variant="outline">{product.productType}</Badge> : null}
            </Wrap>
          ) : null}
          <Stack gap={1} flex="1">
            <Card.Title as={headingLevel} fontSize="md" lineHeight="short">
              <LinkOverlay asChild>
                <RouterLink to={shopProductPath(product.handle)}>{product.title}</RouterLink>
              </LinkOverlay>
            </Card.Title>
          </Stack>
          <HStack justify="space-between">
            <Text fontWeight="bold" data-testid="shop-product-price">
              {formatPriceRange(product.minPrice, product.maxPrice)}
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
