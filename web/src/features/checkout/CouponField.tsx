import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * The coupon code with Apply (and Remove once one is applied). The quote from the server decides:
 * `error` is its coupon error, shown under the field.
 */
export function CouponField({
  applied,
  error,
  checking,
  disabled,
  onApply,
  onRemove,
}: {
  applied: string | null;
  error: string | null;
  checking: boolean;
  disabled?: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState(applied ?? '');
  const trimmed = code.trim();
  const accepted = applied !== null && !error && !checking;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onApply(trimmed);
      }}
    >
      <Field.Root invalid={Boolean(error)} disabled={disabled}>
        <Field.Label>Coupon code</Field.Label>
        <HStack gap={2} width="full">
          <Input
            name="couponCode"
            value={code}
            autoComplete="off"
            placeholder="e.g. SPRING10"
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant="outline" loading={checking} disabled={!trimmed || disabled}>
            Apply
          </Button>
          {applied !== null ? (
            <Button
              type="button"
              variant="ghost"
              disabled={disabled}
              onClick={() => {
                setCode('');
                onRemove();
              }}
            >
              Remove
            </Button>
          ) : null}
        </HStack>
        {error ? <Field.ErrorText data-testid="coupon-error">{error}</Field.ErrorText> : null}
        {accepted ? (
          <Field.HelperText>
            <Text as="span" color="green.fg">
              Coupon {applied.toUpperCase()} applied.
            </Text>
          </Field.HelperText>
        ) : null}
      </Field.Root>
    </form>
  );
}
