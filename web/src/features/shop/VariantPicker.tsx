import { Box, chakra, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId } from 'react';
import {
  type PickerOption,
  type PickerVariant,
  type Selection,
  selectValue,
  valueState,
  type ValueState,
} from './variantPicker';

const STATE_NOTE: Record<ValueState, string> = {
  available: '',
  soldOut: 'sold out',
  unavailable: 'not in this combination',
  none: 'unavailable',
};

/**
 * One group of radio buttons per option (Size, Colour…). A value sold out with the other choices
 * is struck through and says so; one that does not exist with them is struck through too (choosing
 * it moves the other options to a combination that has it); one that no variant has is disabled.
 */
export function VariantPicker({
  options,
  variants,
  selection,
  onChange,
}: {
  options: readonly PickerOption[];
  variants: readonly PickerVariant[];
  selection: Selection;
  onChange: (selection: Selection) => void;
}) {
  const groupId = useId();
  if (options.length === 0) return null;
  return (
    <Stack gap={4} data-testid="variant-picker">
      {options.map((option, index) => (
        <chakra.fieldset key={option.name} border="none" p={0} m={0} minW={0}>
          <Text as="legend" fontWeight="semibold" mb={2}>
            {option.name}
            {selection[option.name] ? (
              <Text as="span" fontWeight="normal" color="fg.muted">
                : {selection[option.name]}
              </Text>
            ) : null}
          </Text>
          <Wrap gap={2}>
            {option.values.map((value) => {
              const state = valueState(variants, selection, option.name, value);
              const checked = selection[option.name] === value;
              const struck = state !== 'available';
              return (
                <Box as="label" key={value} position="relative" data-state={state}>
                  <chakra.input
                    type="radio"
                    className="peer"
                    name={`${groupId}-${index}`}
                    value={value}
                    checked={checked}
                    disabled={state === 'none'}
                    onChange={() => onChange(selectValue(options, variants, selection, option.name, value))}
                    position="absolute"
                    opacity={0}
                    w="full"
                    h="full"
                    m={0}
                    cursor="pointer"
                    _disabled={{ cursor: 'not-allowed' }}
                  />
                  <Box
                    as="span"
                    display="inline-flex"
                    alignItems="center"
                    minH="10"
                    minW="10"
                    px={3}
                    borderWidth="1px"
                    borderRadius="md"
                    fontSize="sm"
                    justifyContent="center"
                    bg="bg"
                    color={struck ? 'fg.muted' : 'fg'}
                    textDecoration={struck ? 'line-through' : undefined}
                    borderStyle={struck ? 'dashed' : 'solid'}
                    _peerChecked={{ borderColor: 'brand.solid', borderWidth: '2px', fontWeight: 'semibold' }}
                    _peerFocusVisible={{
                      outline: '2px solid',
                      outlineColor: 'brand.focusRing',
                      outlineOffset: '2px',
                    }}
                    _peerDisabled={{ opacity: 0.5 }}
                  >
                    {value}
                    {STATE_NOTE[state] ? (
                      <chakra.span srOnly data-testid="variant-value-note">
                        {` (${STATE_NOTE[state]})`}
                      </chakra.span>
                    ) : null}
                  </Box>
                </Box>
              );
            })}
          </Wrap>
        </chakra.fieldset>
      ))}
    </Stack>
  );
}
