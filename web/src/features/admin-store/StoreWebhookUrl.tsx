import { Button, Card, Field, Heading, HStack, Input } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { toaster } from '../../ui/toaster';

/** The address the store's webhooks go to, read-only with a Copy button. */
export function StoreWebhookUrl({ url }: { url: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ title: 'Webhook URL copied', type: 'success' });
    } catch {
      toaster.create({ title: 'The URL could not be copied', description: url, type: 'error' });
    }
  }
  return (
    <Card.Root as="section" aria-labelledby="store-webhook-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="store-webhook-heading">
          Webhooks
        </Heading>
      </Card.Header>
      <Card.Body>
        <Field.Root>
          <Field.Label>Webhook URL</Field.Label>
          <HStack gap={2} width="full">
            <Input value={url} readOnly fontFamily="mono" onFocus={(e) => e.target.select()} />
            <Button
              variant="outline"
              onClick={() => void copy()}
              flexShrink={0}
              aria-label="Copy the webhook URL"
            >
              <Copy aria-hidden /> Copy
            </Button>
          </HStack>
          <Field.HelperText>
            DRX subscribes to the order and product webhooks itself when it connects; they are sent here,
            signed with the webhook secret. The store must be able to reach this address.
          </Field.HelperText>
        </Field.Root>
      </Card.Body>
    </Card.Root>
  );
}
