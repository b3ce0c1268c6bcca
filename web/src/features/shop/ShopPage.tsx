import {
  Badge,
  Box,
  Button,
  Container,
  EmptyState,
  Flex,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CatalogResults, useCatalogParams } from '../../ui/CatalogResults';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ShopBagLink } from './ShopBagLink';
import { ShopFilterPanel, ShopSearchBar } from './ShopFilterPanel';
import { shopFiltersFromParams, shopFiltersToParams, type ShopFilters } from './shopFormat';
import { ShopProductGrid } from './ShopProductGrid';
import { type ShopStatus, ShopStatusNotice, useShopStatus } from './ShopStatusNotice';

/** The shop's banner: title, "Demo store" label and the bag link. */
function ShopHero({ status }: { status: ShopStatus | null }) {
  return (
    <Box
      bgGradient="to-br"
      gradientFrom="brand.700"
      gradientTo="brand.600"
      color="white"
      py={{ base: 8, md: 12 }}
    >
      <Container maxW="7xl">
        <Flex gap={4} justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} wrap="wrap">
          <Stack gap={2} maxW="3xl">
            <HStack gap={3} wrap="wrap">
              <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
                {status?.shopName && !status.demo ? status.shopName : 'DRX Shop'}
              </Heading>
              {status?.demo ? (
                <Badge
                  size="lg"
                  variant="solid"
                  bg="whiteAlpha.300"
                  color="white"
                  data-testid="demo-store-label"
                >
                  Demo store
                </Badge>
              ) : null}
            </HStack>
            <Text color="whiteAlpha.900">
              Dance shoes, apparel, practice gear and printed syllabi — sold and shipped by the store,
              checkout on its own secure page.
            </Text>
          </Stack>
          <ShopBagLink />
        </Flex>
      </Container>
    </Box>
  );
}

function ShopClosed() {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg" data-testid="shop-closed">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Store />
        </EmptyState.Indicator>
        <EmptyState.Title>The shop is closed</EmptyState.Title>
        <EmptyState.Description>
          No store is connected to DRX at the moment. Courses and curriculum resources are still available.
        </EmptyState.Description>
        <HStack>
          <Button asChild>
            <RouterLink to="/courses">Browse courses</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/curriculum">Explore curriculum</RouterLink>
          </Button>
        </HStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** /shop: the store's products with search, filters (dance style, type, price) and sort, all kept in the URL. */
export default function ShopPage() {
  useDocumentTitle('Shop');
  const { status, loading } = useShopStatus();
  const { params, setParams, asked, shown } = useCatalogParams();
  const filters = shopFiltersFromParams(params);
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);
  const update = (change: Partial<ShopFilters>) => {
    const next = shopFiltersToParams({ ...shopFiltersFromParams(latestParams.current), ...change });
    latestParams.current = next;
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });

  return (
    <Box>
      <ShopHero status={status} />
      <Container maxW="7xl" py={{ base: 6, md: 8 }}>
        {/* Marked for the page's entry, which applies the filters before the app (ssr/earlyFilters.ts). */}
        <Stack gap={6} data-catalog="shop">
          <ShopStatusNotice status={status} />
          {loading ? (
            <PageSpinner label="Opening the shop…" minHeight="16rem" />
          ) : status && !status.enabled ? (
            <ShopClosed />
          ) : (
            <>
              <ShopSearchBar filters={filters} onChange={update} />
              <Flex gap={8} align="flex-start" direction={{ base: 'column', md: 'row' }}>
                <Box as="aside" aria-label="Product filters" w={{ base: 'full', md: '64' }} flexShrink={0}>
                  <ShopFilterPanel filters={filters} currencyCode={status?.currencyCode} onChange={update} />
                </Box>
                <CatalogResults flex="1" minW={0} w="full" asked={asked} shown={shown}>
                  <ShopProductGrid
                    filters={filters}
                    empty={
                      <>
                        <EmptyState.Title>No products match your search</EmptyState.Title>
                        <EmptyState.Description>
                          Try other words, or clear the filters to see every product.
                        </EmptyState.Description>
                        <Button variant="outline" onClick={clear}>
                          Clear search and filters
                        </Button>
                      </>
                    }
                  />
                </CatalogResults>
              </Flex>
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
