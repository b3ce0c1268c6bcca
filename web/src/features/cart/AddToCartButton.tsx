import { Button, type ButtonProps } from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import type { CartItemType } from './guestCart';
import { useCart } from './useCart';

export interface AddToCartButtonProps extends Omit<ButtonProps, 'onClick'> {
  itemType: CartItemType;
  itemId: string;
  title: string;
  /** Shown in the guest cart and the optimistic line; the server always charges the catalog price. */
  priceCents: number;
  imageUrl?: string | null;
}

/** Adds a course or resource to the cart: the guest cart for visitors, the member's cart otherwise. */
export function AddToCartButton({
  itemType,
  itemId,
  title,
  priceCents,
  imageUrl,
  ...rest
}: AddToCartButtonProps) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const inCart = cart.lines.find((line) => line.itemType === itemType && line.itemId === itemId);

  const onClick = async () => {
    setBusy(true);
    try {
      await cart.add({ itemType, itemId, title, priceCents, imageUrl });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      onClick={() => void onClick()}
      loading={busy}
      loadingText="Adding…"
      disabled={cart.mode === 'loading'}
      data-testid="add-to-cart"
      // The item, for the page's entry to add to a guest's cart before the app is here (ssr/earlyCart.ts).
      data-cart-item-type={itemType}
      data-cart-item-id={itemId}
      data-cart-item-title={title}
      data-cart-item-price-cents={priceCents}
      data-cart-item-image={imageUrl ?? undefined}
      {...rest}
    >
      <ShoppingCart aria-hidden />
      {inCart ? `Add to Cart (${inCart.quantity} in cart)` : 'Add to Cart'}
    </Button>
  );
}
