import { Badge, HStack, SegmentGroup, Text } from '@chakra-ui/react';
import type { BillingInterval } from './membershipFormat';

/** The Monthly/Yearly switch above the plans, with what paying yearly saves at best. */
export function IntervalSwitch({
  value,
  onChange,
  savingPercent,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  /** The best yearly saving among the plans, whole percent; 0 hides the note. */
  savingPercent: number;
}) {
  return (
    <HStack gap={3} wrap="wrap" justify="center">
      <Text id="billing-interval-label" fontWeight="medium">
        Billing
      </Text>
      <SegmentGroup.Root
        aria-labelledby="billing-interval-label"
        value={value}
        onValueChange={(details) => onChange(details.value === 'year' ? 'year' : 'month')}
        size="md"
        data-testid="interval-switch"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'month', label: 'Monthly' },
            { value: 'year', label: 'Yearly' },
          ]}
        />
      </SegmentGroup.Root>
      {savingPercent > 0 ? (
        <Badge colorPalette="green" variant="subtle" data-testid="yearly-saving">
          Save up to {savingPercent}% yearly
        </Badge>
      ) : null}
    </HStack>
  );
}
