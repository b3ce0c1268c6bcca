import { chakra, HStack, IconButton } from '@chakra-ui/react';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';

/**
 * A quantity with minus and plus buttons and a box to type it (applied on blur or Enter),
 * kept between `min` and `max`. `itemName` tells the lines of a bag apart ("Quantity of Ballet slippers").
 */
export function QuantityStepper({
  value,
  onChange,
  itemName,
  min = 1,
  max = 99,
  disabled = false,
  size = 'sm',
}: {
  value: number;
  onChange: (quantity: number) => void;
  itemName?: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  size?: 'xs' | 'sm';
}) {
  const of = itemName ? ` of ${itemName}` : '';
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  const commit = () => {
    const typed = Math.floor(Number(text));
    const next = Number.isFinite(typed) ? Math.min(max, Math.max(min, typed)) : value;
    setText(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <HStack gap={1}>
      <IconButton
        size={size}
        variant="outline"
        aria-label={`Decrease quantity${of}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <Minus />
      </IconButton>
      <chakra.input
        type="number"
        inputMode="numeric"
        aria-label={`Quantity${of}`}
        min={min}
        max={max}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        w="12"
        h={size === 'xs' ? '8' : '9'}
        textAlign="center"
        borderWidth="1px"
        borderRadius="md"
        bg="bg"
        fontSize="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
        css={{
          MozAppearance: 'textfield',
          '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': {
            WebkitAppearance: 'none',
            margin: 0,
          },
        }}
        data-testid="quantity-input"
      />
      <IconButton
        size={size}
        variant="outline"
        aria-label={`Increase quantity${of}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus />
      </IconButton>
    </HStack>
  );
}
