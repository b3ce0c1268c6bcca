import { Field, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The row of filters above a staff list, aligned on the inputs' bottom edge. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <HStack gap={3} align="flex-end" wrap="wrap">
      {children}
    </HStack>
  );
}

/** A labelled "Search" box. */
export function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <Field.Root maxW="xs">
      <Field.Label>Search</Field.Label>
      <Input
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field.Root>
  );
}

/** A labelled "Status" select whose empty choice is "All statuses". */
export function StatusSelect({
  value,
  onChange,
  options,
}: {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Field.Root maxW="2xs">
      <Field.Label>Status</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">All statuses</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** "1 order" / "25 orders": how many rows match, at the end of a toolbar. */
export function ListCount({
  count,
  singular,
  plural,
  testId,
}: {
  count: number;
  singular: string;
  plural: string;
  testId?: string;
}) {
  return (
    <Text color="fg.muted" fontSize="sm" pb={2} data-testid={testId}>
      {count} {count === 1 ? singular : plural}
    </Text>
  );
}
