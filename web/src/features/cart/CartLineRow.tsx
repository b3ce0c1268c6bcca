import { Box, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../lib/currency';
import { localImageUrl } from '../../lib/imageUrl';
import { maxQuantityOf } from './guestCart';
import type { CartLineView } from './useCart';

/** Shown when a line has no image or its image fails to load. */
export const DEFAULT_ITEM_IMAGE = '/images/default-resource.svg';

function LineImage({ src, size }: { src: string | null; size: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? localImageUrl(src) : DEFAULT_ITEM_IMAGE;
  return (
    <Image
      src={url}
      alt=""
      boxSize={size}
      flexShrink={0}
      objectFit="cover"
      borderRadius="md"
      bg="bg.muted"
      onError={() => setFailed(src)}
    />
  );
}

/**
 * One cart line: image, title, unit and line price, quantity minus/plus and a remove button. A
 * resource's quantity is its licences; a course is one seat per buyer (its plus is disabled).
 */
export function CartLineRow({
  line,
  onQuantity,
  onRemove,
  compact = false,
}: {
  line: CartLineView;
  onQuantity: (line: CartLineView, quantity: number) => void;
  onRemove: (line: CartLineView) => void;
  compact?: boolean;
}) {
  return (
    <HStack as="li" gap={3} align="center" data-testid="cart-line" data-item-id={line.itemId}>
      <LineImage src={line.imageUrl} size={compact ? '12' : '20'} />
      <Stack gap={1} flex="1" minW={0}>
        <Text fontWeight="medium" lineClamp={2} fontSize={compact ? 'sm' : 'md'}>
          {line.title}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {line.itemType === 'course'
            ? `Course · ${formatCents(line.unitPriceCents)} · one seat per buyer`
            : `Resource · ${formatCents(line.unitPriceCents)} per licence`}
        </Text>
        <HStack gap={1}>
          <IconButton
            size="2xs"
            variant="outline"
            aria-label={`Decrease quantity of ${line.title}`}
            onClick={() => onQuantity(line, line.quantity - 1)}
          >
            <Minus />
          </IconButton>
          <Box as="span" minW="6" textAlign="center" fontSize="sm" data-testid="cart-line-quantity">
            {line.quantity}
          </Box>
          <IconButton
            size="2xs"
            variant="outline"
            aria-label={`Increase quantity of ${line.title}`}
            title={line.itemType === 'course' ? 'A course is one seat per buyer' : undefined}
            disabled={line.quantity >= maxQuantityOf(line.itemType)}
            onClick={() => onQuantity(line, line.quantity + 1)}
          >
            <Plus />
          </IconButton>
        </HStack>
      </Stack>
      <Stack gap={1} align="flex-end">
        <Text fontWeight="semibold" fontSize={compact ? 'sm' : 'md'} data-testid="cart-line-price">
          {formatCents(line.lineTotalCents)}
        </Text>
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="red"
          aria-label={`Remove ${line.title}`}
          onClick={() => onRemove(line)}
        >
          <Trash2 />
        </IconButton>
      </Stack>
    </HStack>
  );
}
