import { HStack, Icon, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';

/** Five stars filled to the nearest half of `value`, with an accessible label. */
export function RatingStars({ value, count, size = 4 }: { value: number; count?: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  const label =
    count === 0
      ? 'No ratings yet'
      : `Rated ${value.toFixed(1)} out of 5${count !== undefined ? ` (${count})` : ''}`;
  return (
    <HStack gap={0.5} aria-label={label} role="img">
      {[1, 2, 3, 4, 5].map((i) => (
        <Icon
          key={i}
          boxSize={size}
          color={rounded >= i - 0.5 && count !== 0 ? 'orange.400' : 'gray.300'}
          aria-hidden
        >
          <Star fill={rounded >= i && count !== 0 ? 'currentColor' : 'none'} />
        </Icon>
      ))}
      {count !== undefined ? (
        <Text as="span" fontSize="sm" color="fg.muted" ms={1}>
          {count === 0 ? 'No ratings' : `${value.toFixed(1)} (${count})`}
        </Text>
      ) : null}
    </HStack>
  );
}
