import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * A new token's secret, shown this once (the server keeps only its hash): read-only, with a Copy
 * button, until dismissed. Where the clipboard is out of reach (no permission, an insecure origin)
 * Copy selects the text for Ctrl+C instead. The field takes the focus when it appears, so a screen
 * reader reads it and the keyboard can copy it at once.
 */
export function NewTokenSecret({
  name,
  secret,
  onDismiss,
}: {
  name: string;
  secret: string;
  onDismiss: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    input.current?.focus();
  }, []);

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
    <Alert.Root status="warning" variant="outline" alignItems="flex-start" data-testid="new-token-secret">
      <Alert.Indicator />
      <Alert.Content gap={3}>
        <Alert.Title>Your new token “{name}”</Alert.Title>
        <Alert.Description>
          <Text fontWeight="semibold">Copy this token now. You will not be able to see it again.</Text>
        </Alert.Description>
        <Field.Root>
          <Field.Label srOnly>The token “{name}”</Field.Label>
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
              data-testid="new-token-value"
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
                ? 'The token is selected: press Ctrl+C (⌘C on a Mac) to copy it.'
                : 'Send it as Authorization: Bearer <token>.'}
          </Field.HelperText>
        </Field.Root>
        <HStack>
          <Button size="sm" variant="outline" colorPalette="brand" bg="bg" onClick={onDismiss}>
            I have copied it
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
