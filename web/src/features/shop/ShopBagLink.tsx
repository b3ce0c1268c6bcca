import { Badge, Button } from '@chakra-ui/react';
import { ShoppingBag } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { itemCount } from './shopFormat';
import { useShopBagCount } from './useShopBag';

/** The shop pages' link to the shop bag with its item count (the DRX cart in the header stays apart). */
export function ShopBagLink({ variant = 'outline' }: { variant?: 'outline' | 'solid' | 'subtle' }) {
  const count = useShopBagCount();
  return (
    <Button
      asChild
      variant={variant}
      size="sm"
      bg={variant === 'outline' ? 'bg' : undefined}
      data-testid="shop-bag-link"
    >
      <RouterLink to="/shop/bag" aria-label={count === null ? 'Shop bag' : `Shop bag, ${itemCount(count)}`}>
        <ShoppingBag aria-hidden />
        Bag
        {count ? (
          <Badge colorPalette="brand" variant="solid" borderRadius="full" data-testid="shop-bag-count">
            {count}
          </Badge>
        ) : null}
      </RouterLink>
    </Button>
  );
}
