import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { ShopBagDetailsFragment } from '../../gql/graphql';
import { MAX_BAG_QUANTITY } from './guestBag';
import { QuantityStepper } from './QuantityStepper';
import { formatMoney, shopProductPath } from './shopFormat';
import { ShopImage } from './ShopImage';
import { variantLabel } from './variantPicker';

export type ShopBagLine = ShopBagDetailsFragment['lines'][number];

/** One bag line: image, title (linked), variant, unit price, quantity stepper, remove, line total and any problem. */
export function ShopBagLineRow({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: ShopBagLine;
  busy: boolean;
  onQuantity: (line: ShopBagLine, quantity: number) => void;
  onRemove: (line: ShopBagLine) => void;
}) {
  const title = line.product?.title ?? 'Product no longer available';
  const label = line.variant ? variantLabel(line.variant.selectedOptions) : '';
  const image = line.variant?.imageUrl ?? line.product?.images[0]?.url;
  const max =
    line.variant?.quantityAvailable && line.variant.quantityAvailable > 0
      ? Math.min(MAX_BAG_QUANTITY, Math.max(line.quantity, line.variant.quantityAvailable))
      : MAX_BAG_QUANTITY;
  return (
    <HStack
      as="li"
      gap={{ base: 3, md: 4 }}
      align="flex-start"
      py={4}
      borderBottomWidth="1px"
      data-testid="shop-bag-line"
      data-variant-id={line.variantId}
    >
      <ShopImage src={image} alt="" boxSize="20" borderRadius="md" />
      <Stack gap={2} flex="1" minW={0}>
        <Stack gap={0.5}>
          <Text fontWeight="semibold" lineClamp={2}>
            {line.product ? (
              <Link asChild>
                <RouterLink to={shopProductPath(line.product.handle)}>{title}</RouterLink>
              </Link>
            ) : (
              title
            )}
          </Text>
          {label ? (
            <Text fontSize="sm" color="fg.muted" data-testid="shop-bag-line-variant">
              {label}
            </Text>
          ) : null}
          {line.variant ? (
            <Text fontSize="sm" color="fg.muted">
              {formatMoney(line.variant.price)} each
            </Text>
          ) : null}
        </Stack>
        {line.problem ? (
          <Text fontSize="sm" color="fg.error" data-testid="shop-bag-line-problem">
            {line.problem}
          </Text>
        ) : null}
        <HStack gap={3} wrap="wrap">
          <QuantityStepper
            size="xs"
            value={line.quantity}
            max={max}
            itemName={label ? `${title} (${label})` : title}
            disabled={busy}
            onChange={(quantity) => onQuantity(line, quantity)}
          />
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => onRemove(line)}
            disabled={busy}
            aria-label={`Remove ${title}${label ? ` (${label})` : ''} from the bag`}
          >
            <Trash2 aria-hidden />
            Remove
          </Button>
        </HStack>
      </Stack>
      <Text fontWeight="semibold" flexShrink={0} data-testid="shop-bag-line-total">
        {formatMoney(line.lineTotal)}
      </Text>
    </HStack>
  );
}
