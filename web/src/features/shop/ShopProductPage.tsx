import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Breadcrumb,
  Button,
  Container,
  EmptyState,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Link,
  Separator,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { PackageX, ShoppingBag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ShopProductDetailsFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { MAX_BAG_QUANTITY } from './guestBag';
import { ProductGallery } from './ProductGallery';
import { QuantityStepper } from './QuantityStepper';
import { sanitizeHtml } from './sanitizeHtml';
import { ShopBagLink } from './ShopBagLink';
import { ShopProductQueryDocument } from './shopDocuments';
import { formatMoney, formatPriceRange, tagLabel } from './shopFormat';
import { ShopStatusNotice, useShopStatus } from './ShopStatusNotice';
import { useAddToBag } from './useShopBag';
import {
  initialSelection,
  pickableOptions,
  type PickerOption,
  type Selection,
  variantFor,
  variantLabel,
} from './variantPicker';
import { VariantPicker } from './VariantPicker';

function ShopTrail({ title }: { title?: string }) {
  return (
    <Flex justify="space-between" align="center" gap={3} wrap="wrap">
      <Breadcrumb.Root>
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/shop">Shop</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {title ? (
            <>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink lineClamp={1}>{title}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </>
          ) : null}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <ShopBagLink />
    </Flex>
  );
}

function ProductNotFound() {
  useDocumentTitle('Product not found');
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" data-testid="shop-product-not-found">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <PackageX />
        </EmptyState.Indicator>
        <Heading as="h1" size="xl">
          Product not found
        </Heading>
        <EmptyState.Description>
          This product is not in the shop (any more). It may have been renamed, sold out for good or taken
          down.
        </EmptyState.Description>
        <Button asChild>
          <RouterLink to="/shop">Back to the shop</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function stockText(variant: { available: boolean; quantityAvailable?: number | null }): string {
  if (!variant.available) return 'Sold out';
  const left = variant.quantityAvailable;
  if (typeof left === 'number' && left > 0 && left <= 5) return `Only ${left} left`;
  return 'In stock';
}

/** Price, variant pickers, quantity and "Add to bag". */
function BuyBox({
  product,
  options,
  selection,
  onSelection,
}: {
  product: ShopProductDetailsFragment;
  options: PickerOption[];
  selection: Selection;
  onSelection: (selection: Selection) => void;
}) {
  const [quantity, setQuantity] = useState(1);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const { add, adding, ready } = useAddToBag();
  const variant = variantFor(options, product.variants, selection);
  const maxQuantity =
    variant?.quantityAvailable && variant.quantityAvailable > 0
      ? Math.min(MAX_BAG_QUANTITY, variant.quantityAvailable)
      : MAX_BAG_QUANTITY;
  const canBuy = Boolean(variant?.available) && ready;

  const onAdd = async () => {
    if (!variant) return;
    const refused = await add(variant.id, Math.min(quantity, maxQuantity));
    const label = variantLabel(variant.selectedOptions);
    const what = `${quantity} × ${product.title}${label ? ` (${label})` : ''}`;
    if (refused) {
      setFeedback({ ok: false, text: refused });
      toaster.create({ type: 'error', title: 'Not added to your bag', description: refused });
    } else {
      setFeedback({ ok: true, text: `${what} added to your bag.` });
      toaster.create({ type: 'success', title: 'Added to your bag', description: what });
    }
  };

  return (
    <Stack gap={5}>
      <Stack gap={1}>
        <HStack gap={3} align="baseline" wrap="wrap">
          <Text fontSize="2xl" fontWeight="bold" data-testid="shop-variant-price">
            {variant ? formatMoney(variant.price) : formatPriceRange(product.minPrice, product.maxPrice)}
          </Text>
          {variant?.compareAtPrice && Number(variant.compareAtPrice.amount) > Number(variant.price.amount) ? (
            <Text as="s" color="fg.muted">
              <Text as="span" srOnly>
                Was{' '}
              </Text>
              {formatMoney(variant.compareAtPrice)}
            </Text>
          ) : null}
        </HStack>
        <Text
          fontSize="sm"
          color={variant?.available ? 'green.fg' : 'fg.muted'}
          aria-live="polite"
          data-testid="shop-variant-stock"
        >
          {variant ? stockText(variant) : 'Choose the options above'}
        </Text>
      </Stack>

      <VariantPicker
        options={options}
        variants={product.variants}
        selection={selection}
        onChange={(next) => {
          onSelection(next);
          setFeedback(null);
        }}
      />

      <Field.Root>
        <Field.Label>Quantity</Field.Label>
        <QuantityStepper
          value={Math.min(quantity, maxQuantity)}
          max={maxQuantity}
          itemName={product.title}
          onChange={setQuantity}
          disabled={!canBuy}
        />
      </Field.Root>

      <Button
        size="lg"
        colorPalette="brand"
        onClick={() => void onAdd()}
        loading={adding}
        loadingText="Adding…"
        disabled={!canBuy}
        data-testid="add-to-bag"
      >
        <ShoppingBag aria-hidden />
        {variant && !variant.available ? 'Sold out' : 'Add to bag'}
      </Button>

      <Box role="status" aria-live="polite">
        {feedback ? (
          <Alert.Root status={feedback.ok ? 'success' : 'error'} size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                {feedback.text}{' '}
                {feedback.ok ? (
                  <Link asChild fontWeight="semibold" colorPalette="brand">
                    <RouterLink to="/shop/bag">View bag</RouterLink>
                  </Link>
                ) : null}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Box>
    </Stack>
  );
}

function ProductView({ product }: { product: ShopProductDetailsFragment }) {
  useDocumentTitle(product.title);
  const options = useMemo(() => pickableOptions(product.options), [product.options]);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(options, product.variants));
  const variant = variantFor(options, product.variants, selection);
  const description = useMemo(() => sanitizeHtml(product.descriptionHtml), [product.descriptionHtml]);
  const tags = [...product.ageGroups, ...product.skillLevels];

  return (
    <Stack gap={10}>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: 6, md: 10 }} alignItems="start">
        <ProductGallery title={product.title} images={product.images} variantImageUrl={variant?.imageUrl} />
        <Stack gap={5}>
          <Stack gap={2}>
            {product.danceStyles.length > 0 || product.productType ? (
              <Wrap gap={1.5}>
                {product.danceStyles.map((style) => (
                  <Badge key={style} colorPalette="brand" variant="subtle">
                    {tagLabel(style)}
                  </Badge>
                ))}
                {product.productType ? <Badge variant="outline">{product.productType}</Badge> : null}
              </Wrap>
            ) : null}
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="shop-product-title">
              {product.title}
            </Heading>
            {product.vendor ? (
              <Text color="fg.muted" fontSize="sm">
                by {product.vendor}
              </Text>
            ) : null}
          </Stack>
          <BuyBox product={product} options={options} selection={selection} onSelection={setSelection} />
          {tags.length > 0 ? (
            <Wrap gap={1.5} aria-label="Suitable for">
              {tags.map((tag) => (
                <Badge key={tag} variant="outline" colorPalette="gray">
                  {tagLabel(tag)}
                </Badge>
              ))}
            </Wrap>
          ) : null}
        </Stack>
      </Grid>
      {description ? (
        <Stack as="section" aria-labelledby="shop-description-heading" gap={3} maxW="3xl">
          <Separator />
          <Heading as="h2" size="lg" id="shop-description-heading">
            Description
          </Heading>
          <Box
            data-testid="shop-product-description"
            lineHeight="tall"
            css={{
              '& p, & ul, & ol, & blockquote, & table, & pre': { marginBottom: '0.75rem' },
              '& ul': { paddingInlineStart: '1.25rem', listStyleType: 'disc' },
              '& ol': { paddingInlineStart: '1.25rem', listStyleType: 'decimal' },
              '& h3, & h4, & h5, & h6': { fontWeight: 'semibold', marginTop: '1rem', marginBottom: '0.5rem' },
              '& a': { color: 'var(--chakra-colors-brand-fg)', textDecoration: 'underline' },
              '& img': { maxWidth: '100%', height: 'auto', borderRadius: '0.375rem' },
              '& blockquote': {
                borderInlineStartWidth: '3px',
                paddingInlineStart: '0.75rem',
                color: 'var(--chakra-colors-fg-muted)',
              },
              '& th, & td': { borderWidth: '1px', padding: '0.25rem 0.5rem' },
            }}
            dangerouslySetInnerHTML={{ __html: description }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** /shop/:handle: one product with its gallery, price, variant pickers, quantity and "Add to bag". */
export default function ShopProductPage() {
  const { handle = '' } = useParams();
  const { status } = useShopStatus();
  const { data, loading, error } = useQuery(ShopProductQueryDocument, {
    variables: { handle },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const product = data?.shopProduct;

  return (
    <Container maxW="6xl" py={{ base: 6, md: 8 }}>
      <Stack gap={6}>
        <ShopTrail title={product?.title} />
        <ShopStatusNotice status={status} />
        {loading && !data ? (
          <PageSpinner label="Loading the product…" minHeight="20rem" />
        ) : error && !data ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The product could not be loaded</Alert.Title>
              <Alert.Description>{error.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : product ? (
          <ProductView key={product.id} product={product} />
        ) : (
          <ProductNotFound />
        )}
      </Stack>
    </Container>
  );
}
