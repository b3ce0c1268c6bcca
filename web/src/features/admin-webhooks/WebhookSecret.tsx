import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/**
 * An endpoint's signing secret (whsec_…), read-only with a Copy button (the text is selected
 * for Ctrl+C where the clipboard is out of reach), until dismissed. Takes the focus when shown.
 */
export function WebhookSecret({
  title,
  note,
  secret,
  onDismiss,
}: {
  title: string;
  note: string;
  secret: string;
  onDismiss: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'selected'>('idle');

  useEffect(() => {
    input.current?.focus();
  }, [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopied('selected');
    }
  }

  return (
    <Alert.Root status="warning" variant="outline" alignItems="flex-start" data-testid="webhook-secret">
      <Alert.Indicator />
      <Alert.Content gap={3}>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          <Text>{note}</Text>
        </Alert.Description>
        <Field.Root>
          <Field.Label srOnly>Signing secret</Field.Label>
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
              data-testid="webhook-secret-value"
            />
            <Button variant="solid" colorPalette="brand" onClick={() => void copy()} flexShrink={0}>
              {copied === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied === 'copied' ? 'Copied' : 'Copy'}
            </Button>
          </Stack>
          <Field.HelperText aria-live="polite">
            {copied === 'copied'
              ? 'Copied to the clipboard.'
              : copied === 'selected'
                ? 'The secret is selected: press Ctrl+C (⌘C on a Mac) to copy it.'
                : 'Verify each request’s webhook-signature with it (see the API documentation).'}
          </Field.HelperText>
        </Field.Root>
        <HStack>
          <Button size="sm" variant="outline" colorPalette="brand" bg="bg" onClick={onDismiss}>
            Hide
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
