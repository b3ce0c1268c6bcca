import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  Grid,
  Heading,
  HStack,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCents } from '../../lib/currency';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CartLineRow } from './CartLineRow';
import { useCart } from './useCart';

/** /cart: the guest's or the member's cart with the same operations as the header dropdown. */
export default function CartPage() {
  useDocumentTitle('Cart');
  const cart = useCart();
  const member = cart.mode === 'member';
  const { subtotalCents, discount } = cart;

  if (cart.loading) return <PageSpinner label="Loading your cart…" />;

  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <HStack justify="space-between" flexWrap="wrap" gap={3}>
          <Heading as="h1" size="2xl">
            {member ? 'Your Cart' : 'Guest Shopping Cart'}
          </Heading>
          {cart.lines.length > 0 ? (
            <Button variant="outline" colorPalette="red" size="sm" onClick={() => void cart.clear()}>
              Clear Cart
            </Button>
          ) : null}
        </HStack>

        {cart.lines.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderRadius="l3">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <ShoppingCart />
              </EmptyState.Indicator>
              <EmptyState.Title>Your cart is empty</EmptyState.Title>
              <EmptyState.Description>
                Browse certification courses and curriculum resources.
              </EmptyState.Description>
              <HStack gap={3}>
                <Button asChild>
                  <RouterLink to="/courses">Certification</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/curriculum">Curriculum</RouterLink>
                </Button>
              </HStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap={6} alignItems="start">
            <Card.Root variant="outline">
              <Card.Body>
                <Stack as="ul" listStyleType="none" gap={4} separator={<Separator />} aria-label="Cart items">
                  {cart.lines.map((line) => (
                    <CartLineRow
                      key={line.id}
                      line={line}
                      onQuantity={(l, q) => void cart.setQuantity(l, q)}
                      onRemove={(l) => void cart.remove(l)}
                    />
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline">
              <Card.Body gap={4}>
                <HStack justify="space-between">
                  <Text color="fg.muted">Items</Text>
                  <Text data-testid="cart-page-count">{cart.count}</Text>
                </HStack>
                {discount ? (
                  <>
                    <HStack justify="space-between">
                      <Text color="fg.muted">Subtotal</Text>
                      <Text data-testid="cart-page-subtotal">{formatCents(subtotalCents)}</Text>
                    </HStack>
                    <HStack justify="space-between" data-testid="cart-member-discount">
                      <Text color="fg.muted">Member discount ({discount.percent}%)</Text>
                      <Text color="green.fg">−{formatCents(discount.cents)}</Text>
                    </HStack>
                  </>
                ) : null}
                <HStack justify="space-between">
                  <Text fontWeight="semibold">Total</Text>
                  <Text fontWeight="bold" fontSize="xl" data-testid="cart-page-total">
                    {formatCents(discount ? subtotalCents - discount.cents : subtotalCents)}
                  </Text>
                </HStack>
                {member ? (
                  <Button asChild size="lg">
                    <RouterLink to="/checkout">Checkout</RouterLink>
                  </Button>
                ) : (
                  <Stack gap={3}>
                    <Alert.Root status="info" size="sm">
                      <Alert.Indicator />
                      <Alert.Title>
                        Sign in to check out. Your cart moves to your account when you sign in.
                      </Alert.Title>
                    </Alert.Root>
                    <Button asChild size="lg">
                      <RouterLink to="/auth">Checkout</RouterLink>
                    </Button>
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
