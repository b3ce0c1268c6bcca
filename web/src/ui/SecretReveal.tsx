import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * A secret shown in full (a new API token, a webhook signing secret): read-only, with a Copy
 * button, until dismissed. Where the clipboard is out of reach (no permission, an insecure origin)
 * Copy selects the text for Ctrl+C instead. The field takes the focus when the secret appears, so a
 * screen reader reads it and the keyboard can copy it at once.
 */
export function SecretReveal({
  title,
  note,
  label,
  secret,
  hint,
  dismissLabel,
  onDismiss,
  testId,
}: {
  title: ReactNode;
  note: ReactNode;
  /** The field's (visually hidden) label. */
  label: string;
  secret: string;
  /** Below the field until Copy is pressed. */
  hint: string;
  dismissLabel: string;
  onDismiss: () => void;
  /** `data-testid` of the alert; the field's is `<testId>-value`. */
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    input.current?.focus();
    setCopy('idle');
  }, [secret]);

  async function copyToClipboard() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopy('selected');
    }
  }

  return (
    <Alert.Root status="warning" variant="outline" alignItems="flex-start" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content gap={3}>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          <Text fontWeight="semibold">{note}</Text>
        </Alert.Description>
        <Field.Root>
          <Field.Label srOnly>{label}</Field.Label>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={2} width="full">
            <Input
              ref={input}
              value={secret}
              readOnly
              fontFamily="mono"
              fontSize="sm"
              bg="bg"
              color="fg"
              spellCheck={false}
              autoComplete="off"
              onFocus={(e) => e.target.select()}
              data-testid={`${testId}-value`}
            />
            <Button
              variant="solid"
              colorPalette="brand"
              onClick={() => void copyToClipboard()}
              flexShrink={0}
            >
              {copy === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copy === 'copied' ? 'Copied' : 'Copy'}
            </Button>
          </Stack>
          <Field.HelperText aria-live="polite">
            {copy === 'copied'
              ? 'Copied to the clipboard.'
              : copy === 'selected'
                ? 'The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.'
                : hint}
          </Field.HelperText>
        </Field.Root>
        <HStack>
          <Button size="sm" variant="outline" colorPalette="brand" bg="bg" onClick={onDismiss}>
            {dismissLabel}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
