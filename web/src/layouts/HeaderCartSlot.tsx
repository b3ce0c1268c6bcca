import { Badge, Button, HStack, IconButton, Popover, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CartLineRow, useCart } from '../features/cart';
import { formatCents } from '../lib/currency';
import { ScrollPanel } from '../ui/ScrollPanel';

/** The dropdown's list scrolls above this height (spec section 2). */
const CART_LIST_MAX_HEIGHT = '300px';

/**
 * The header's cart dropdown (spec section 2): guests see 'Guest Shopping Cart' with Checkout → /cart;
 * members see 'Your Cart', Clear Cart and Checkout → /simple-checkout. Item-count badge, per-line
 * plus/minus and remove, line prices, a total, 'Your cart is empty'; the list scrolls above 300 px,
 * its scroll bar hiding 600 ms after scrolling stops (ScrollPanel).
 */
export function HeaderCartSlot() {
  const cart = useCart({ poll: true });
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (cart.mode === 'loading') return null;
  const member = cart.mode === 'member';

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  return (
    <Popover.Root
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          position="relative"
          aria-label={`Cart (${cart.count} items)`}
          data-testid="cart-button"
        >
          <ShoppingCart />
          {cart.count > 0 ? (
            <Badge
              position="absolute"
              top="-1"
              right="-1"
              borderRadius="full"
              colorPalette="brand"
              variant="solid"
              size="sm"
              pointerEvents="none"
              data-testid="cart-count"
            >
              {cart.count}
            </Badge>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '90vw', sm: '96' }} data-testid="cart-dropdown">
            <Popover.Header>
              <HStack justify="space-between">
                <Popover.Title fontWeight="bold" fontSize="lg">
                  {member ? 'Your Cart' : 'Guest Shopping Cart'}
                </Popover.Title>
                {member && cart.lines.length > 0 ? (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void cart.clear()}>
                    Clear Cart
                  </Button>
                ) : null}
              </HStack>
            </Popover.Header>
            <Popover.Body py={2}>
              {cart.lines.length === 0 ? (
                <Text color="fg.muted" py={6} textAlign="center">
                  Your cart is empty
                </Text>
              ) : (
                <ScrollPanel maxHeight={CART_LIST_MAX_HEIGHT}>
                  <Stack
                    as="ul"
                    listStyleType="none"
                    gap={3}
                    pr={3}
                    aria-label="Cart items"
                    data-testid="cart-lines"
                  >
                    {cart.lines.map((line) => (
                      <CartLineRow
                        key={line.id}
                        line={line}
                        compact
                        onQuantity={(l, q) => void cart.setQuantity(l, q)}
                        onRemove={(l) => void cart.remove(l)}
                      />
                    ))}
                  </Stack>
                </ScrollPanel>
              )}
            </Popover.Body>
            <Popover.Footer flexDirection="column" alignItems="stretch" gap={3}>
              <Separator />
              <HStack justify="space-between">
                <Text fontWeight="semibold">Total</Text>
                <Text fontWeight="bold" data-testid="cart-total">
                  {formatCents(cart.subtotalCents)}
                </Text>
              </HStack>
              <Button
                onClick={() => go(member ? '/simple-checkout' : '/cart')}
                disabled={cart.lines.length === 0}
              >
                Checkout
              </Button>
              <Button variant="outline" size="sm" onClick={() => go('/cart')}>
                View Cart
              </Button>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
