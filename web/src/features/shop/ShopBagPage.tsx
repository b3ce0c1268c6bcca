import { useMutation } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Flex,
  Grid,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, Lock, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ShopBagDetailsFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { type ShopBagLine, ShopBagLineRow } from './ShopBagLineRow';
import { type CheckoutRefusal, startCheckout } from './shopCheckout';
import { ShopCheckoutDocument } from './shopDocuments';
import { formatMoney, itemCount } from './shopFormat';
import { ShopStatusNotice, useShopStatus } from './ShopStatusNotice';
import { type ShopBagMode, useShopBag } from './useShopBag';

export interface ShopBagViewProps {
  mode: Exclude<ShopBagMode, 'loading'>;
  bag: ShopBagDetailsFragment;
  busyVariantId: string | null;
  checkingOut: boolean;
  refusal: CheckoutRefusal | null;
  onQuantity: (line: ShopBagLine, quantity: number) => void;
  onRemove: (line: ShopBagLine) => void;
  onCheckout: () => void;
}

/** The bag's lines and its summary with the subtotal, "Checkout" and a refused checkout's reason. */
export function ShopBagView({
  mode,
  bag,
  busyVariantId,
  checkingOut,
  refusal,
  onQuantity,
  onRemove,
  onCheckout,
}: ShopBagViewProps) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 22rem' }} gap={{ base: 6, lg: 10 }} alignItems="start">
      <Box as="section" aria-labelledby="shop-bag-lines-heading">
        <Heading as="h2" id="shop-bag-lines-heading" srOnly>
          Items
        </Heading>
        <Stack as="ul" listStyleType="none" gap={0} borderTopWidth="1px" data-testid="shop-bag-lines">
          {bag.lines.map((line) => (
            <ShopBagLineRow
              key={line.variantId}
              line={line}
              busy={busyVariantId === line.variantId || checkingOut}
              onQuantity={onQuantity}
              onRemove={onRemove}
            />
          ))}
        </Stack>
      </Box>
      <Card.Root
        as="section"
        aria-labelledby="shop-bag-summary-heading"
        variant="outline"
        position={{ lg: 'sticky' }}
        top={{ lg: '24' }}
      >
        <Card.Body gap={4}>
          <Heading as="h2" size="md" id="shop-bag-summary-heading">
            Summary
          </Heading>
          <HStack justify="space-between">
            <Text>Subtotal ({itemCount(bag.totalQuantity)})</Text>
            <Text fontWeight="bold" fontSize="lg" data-testid="shop-bag-subtotal">
              {bag.subtotal ? formatMoney(bag.subtotal) : '—'}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Shipping and taxes are worked out at the store’s checkout, where you pay.
          </Text>
          {refusal ? (
            <Alert.Root status="error" role="alert" data-testid="shop-checkout-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{refusal.title}</Alert.Title>
                <Alert.Description>{refusal.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Button
            size="lg"
            colorPalette="brand"
            onClick={onCheckout}
            loading={checkingOut}
            loadingText="Opening checkout…"
            disabled={bag.lines.length === 0}
            data-testid="shop-checkout"
          >
            <Lock aria-hidden />
            Checkout
          </Button>
          {mode === 'guest' ? (
            <Text fontSize="sm" color="fg.muted">
              Checking out as a guest.{' '}
              <Link asChild colorPalette="brand" fontWeight="medium">
                <RouterLink to="/auth">Sign in</RouterLink>
              </Link>{' '}
              to keep your bag with your account — it comes with you.
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

function EmptyBag() {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" data-testid="shop-bag-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <ShoppingBag />
        </EmptyState.Indicator>
        <EmptyState.Title>Your shop bag is empty</EmptyState.Title>
        <EmptyState.Description>
          Shoes, apparel and practice gear from the shop land here.
        </EmptyState.Description>
        <Button asChild>
          <RouterLink to="/shop">Browse the shop</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** /shop/bag: the shop bag (a guest's from the browser, a member's from the server) and "Checkout". */
export default function ShopBagPage() {
  useDocumentTitle('Shop bag');
  const state = useShopBag();
  const { status } = useShopStatus();
  const [busyVariantId, setBusyVariantId] = useState<string | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const [refusal, setRefusal] = useState<CheckoutRefusal | null>(null);
  const [checkout] = useMutation(ShopCheckoutDocument);

  const change = async (line: ShopBagLine, run: () => Promise<string | null>) => {
    setBusyVariantId(line.variantId);
    setRefusal(null);
    const refused = await run();
    setBusyVariantId(null);
    if (refused) toaster.create({ type: 'error', title: 'Your bag was not changed', description: refused });
  };

  const onCheckout = async () => {
    setCheckingOut(true);
    setRefusal(null);
    const refused = await startCheckout({
      guestLines: state.mode === 'guest' ? state.guestLines : null,
      send: async (lines) => {
        const { data } = await checkout({
          variables: {
            input: lines ? { lines: lines.map(({ variantId, quantity }) => ({ variantId, quantity })) } : {},
          },
        });
        return data?.shopCheckout;
      },
      clearGuestBag: state.clearGuestBag,
      go: (url) => window.location.assign(url),
    });
    // On success the page is leaving for the store's checkout: the button stays busy.
    if (refused) {
      setRefusal(refused);
      setCheckingOut(false);
    }
  };

  const bag = state.bag;
  const empty = !state.loading && (!bag || bag.lines.length === 0);

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Flex justify="space-between" align="center" gap={3} wrap="wrap">
          <Heading as="h1" size="2xl">
            Your shop bag
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to="/shop">
              <ArrowLeft aria-hidden />
              Continue shopping
            </RouterLink>
          </Button>
        </Flex>
        <ShopStatusNotice status={status} />
        {state.mode === 'loading' || (state.loading && !bag) ? (
          <PageSpinner label="Loading your bag…" minHeight="16rem" />
        ) : state.error && !bag ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your bag could not be loaded</Alert.Title>
              <Alert.Description>{state.error}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : empty || !bag ? (
          <EmptyBag />
        ) : (
          <ShopBagView
            mode={state.mode}
            bag={bag}
            busyVariantId={busyVariantId}
            checkingOut={checkingOut}
            refusal={refusal}
            onQuantity={(line, quantity) =>
              void change(line, () => state.setQuantity(line.variantId, quantity))
            }
            onRemove={(line) => void change(line, () => state.remove(line.variantId))}
            onCheckout={() => void onCheckout()}
          />
        )}
      </Stack>
    </Container>
  );
}
