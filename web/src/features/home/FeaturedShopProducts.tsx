import { useQuery } from '@apollo/client/react';
import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { ShopProductCard, ShopProductsQueryDocument } from '../shop';

const FEATURED_COUNT = 4;

/** The home page's "From the shop" row: the store's featured products; nothing when there are none. */
export function FeaturedShopProducts() {
  const { data } = useQuery(ShopProductsQueryDocument, {
    variables: { first: FEATURED_COUNT, featured: true, sort: 'FEATURED' },
  });
  const products = data?.shopProducts.nodes ?? [];
  if (products.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby="home-shop-heading"
      py={{ base: 14, md: 20 }}
      data-testid="home-featured-shop"
    >
      <Container maxW="6xl">
        <Stack gap={3} mb={10} textAlign="center" align="center">
          <Heading id="home-shop-heading" as="h2" size={{ base: '2xl', md: '3xl' }}>
            From the DRX shop
          </Heading>
          <Text color="fg.muted" maxW="2xl">
            Shoes, apparel, practice gear and printed syllabi, picked for dance teachers and their students.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6}>
          {products.map((product) => (
            <ShopProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
        <Box textAlign="center" mt={8}>
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/shop">
              Visit the shop
              <ArrowRight aria-hidden />
            </RouterLink>
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
