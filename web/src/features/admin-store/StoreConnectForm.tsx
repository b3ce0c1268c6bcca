import {
  Alert,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminStoreConnectionFragment } from '../../gql/graphql';
import { StoreConnectMutationDocument, StoreTestConnectionMutationDocument } from './adminStoreDocuments';
import {
  connectFormErrors,
  connectInput,
  DEFAULT_API_VERSION,
  initialConnectValues,
  isSecretSaved,
  isUnchangedConnection,
  keptSecrets,
  secretFieldsFor,
  secretPlaceholder,
  type AdminAuth,
  testConnectionOutcome,
  type ConnectFormValues,
  type TestOutcome,
} from './storeFormat';
import { useStoreMutation } from './useStoreMutation';
import { useWriteStoreConnection } from './useWriteStoreConnection';

const FIELD_NAMES = [
  'shopDomain',
  'apiVersion',
  'storefrontToken',
  'adminToken',
  'clientId',
  'clientSecret',
  'webhookSecret',
] as const;

const ADMIN_AUTH_CHOICES: { value: AdminAuth; label: string; help: string }[] = [
  {
    value: 'token',
    label: 'Admin API access token',
    help: 'A custom app created in the store’s Shopify admin (its shpat_… token does not expire).',
  },
  {
    value: 'client',
    label: 'Client ID and secret (Dev Dashboard app)',
    help: 'An app created in Shopify’s Dev Dashboard and installed on the store: DRX gets its access tokens and renews them.',
  },
];

/**
 * The connection settings of a Shopify store: domain, API version and the three secrets. The
 * secrets are write-only: never prefilled; a saved one shows "Saved — leave blank to keep" and
 * stays unless a new value is typed. "Test connection" tries the typed settings (the saved ones
 * when nothing changed) and says which shop answered; "Save and connect" tests, saves and syncs.
 */
export function StoreConnectForm({ connection }: { connection: AdminStoreConnectionFragment }) {
  const [values, setValues] = useState<ConnectFormValues>(() => initialConnectValues(connection));
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const writeConnection = useWriteStoreConnection();
  const connect = useStoreMutation(StoreConnectMutationDocument, 'Store not connected', {
    onSuccess: (payload) => writeConnection(payload.connection),
  });
  const test = useStoreMutation(StoreTestConnectionMutationDocument, 'Connection test failed', {
    toastErrors: false,
  });

  // The demo store's settings are not the admin's own: every secret must be typed for a real store.
  const ownStore = connection.status === 'CONNECTED' && !connection.demo;
  const saved = keptSecrets(values, connection);
  const errors = connectFormErrors(values, saved);
  const shownError = (field: keyof ConnectFormValues) =>
    (submitted ? errors[field] : undefined) ?? connect.fieldError(field) ?? test.fieldError(field);
  const formErrors = connect.otherErrors(FIELD_NAMES);

  const set = <K extends keyof ConnectFormValues>(field: K, value: ConnectFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setOutcome(null);
    test.clearErrors();
  };

  async function runTest() {
    setOutcome(null);
    const unchanged = isUnchangedConnection(values, connection);
    if (!unchanged) {
      setSubmitted(true);
      if (Object.keys(errors).length > 0) return;
    }
    const payload = await test.run(unchanged ? {} : { input: connectInput(values) });
    // A refusal stays in the hook's userErrors and shows below (testFailure).
    if (payload) setOutcome(testConnectionOutcome(payload));
  }

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    setSubmitted(true);
    setOutcome(null);
    test.clearErrors();
    if (Object.keys(errors).length > 0) return;
    await connect.run({ input: connectInput(values) }, 'Store connected — the first sync has started');
  }

  const testFailure =
    test.userErrors.length > 0 ? testConnectionOutcome({ userErrors: test.userErrors }) : null;
  const shownOutcome = outcome ?? testFailure;

  return (
    <Card.Root as="section" aria-labelledby="store-connect-heading">
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Stack gap={1}>
            <Heading as="h2" size="lg" id="store-connect-heading">
              {ownStore ? 'Connection settings' : 'Connect a Shopify store'}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              The tokens come from an app of the store: a custom app in the store’s Shopify admin (Settings →
              Apps and sales channels → Develop apps), or an app made in Shopify’s Dev Dashboard. They are
              stored encrypted and never shown again.
            </Text>
          </Stack>
        </Card.Header>
        <Card.Body>
          <Stack gap={4}>
            {formErrors.length > 0 ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>The store was not connected</Alert.Title>
                  {formErrors.map((e, index) => (
                    <Alert.Description key={`${e.code}-${index}`}>{e.message}</Alert.Description>
                  ))}
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              <Field.Root required invalid={Boolean(shownError('shopDomain'))}>
                <Field.Label>
                  Shop domain <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  name="shopDomain"
                  value={values.shopDomain}
                  onChange={(e) => set('shopDomain', e.target.value)}
                  placeholder="your-shop.myshopify.com"
                  autoComplete="off"
                  spellCheck={false}
                />
                {shownError('shopDomain') ? (
                  <Field.ErrorText>{shownError('shopDomain')}</Field.ErrorText>
                ) : (
                  <Field.HelperText>The store’s myshopify.com domain.</Field.HelperText>
                )}
              </Field.Root>
              <Field.Root invalid={Boolean(shownError('apiVersion'))}>
                <Field.Label>API version</Field.Label>
                <Input
                  name="apiVersion"
                  value={values.apiVersion}
                  onChange={(e) => set('apiVersion', e.target.value)}
                  placeholder={DEFAULT_API_VERSION}
                  autoComplete="off"
                  spellCheck={false}
                />
                {shownError('apiVersion') ? (
                  <Field.ErrorText>{shownError('apiVersion')}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    Shopify’s API version, {DEFAULT_API_VERSION} by default.
                  </Field.HelperText>
                )}
              </Field.Root>
            </SimpleGrid>
            <RadioGroup.Root
              value={values.adminAuth}
              onValueChange={(d) => set('adminAuth', d.value === 'client' ? 'client' : 'token')}
              name="adminAuth"
            >
              <RadioGroup.Label>Admin API access</RadioGroup.Label>
              <Stack gap={2} mt={2}>
                {ADMIN_AUTH_CHOICES.map((choice) => (
                  <RadioGroup.Item key={choice.value} value={choice.value} alignItems="flex-start">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <Stack gap={0}>
                      <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                      <Text color="fg.muted" textStyle="xs">
                        {choice.help}
                      </Text>
                    </Stack>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {values.adminAuth === 'client' ? (
                <Field.Root required invalid={Boolean(shownError('clientId'))}>
                  <Field.Label>
                    Client ID <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    name="clientId"
                    value={values.clientId}
                    onChange={(e) => set('clientId', e.target.value)}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  {shownError('clientId') ? (
                    <Field.ErrorText>{shownError('clientId')}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>Dev Dashboard → the app → Settings.</Field.HelperText>
                  )}
                </Field.Root>
              ) : null}
              {secretFieldsFor(values.adminAuth).map((field) => {
                const isSaved = isSecretSaved(field, values, saved);
                const optional = field.name === 'webhookSecret' && values.adminAuth === 'client';
                const error = shownError(field.name);
                return (
                  <Field.Root key={field.name} required={!isSaved && !optional} invalid={Boolean(error)}>
                    <Field.Label>
                      {field.label} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      name={field.name}
                      type="password"
                      value={values[field.name]}
                      onChange={(e) => set(field.name, e.target.value)}
                      placeholder={secretPlaceholder(isSaved)}
                      autoComplete="new-password"
                      spellCheck={false}
                      data-saved={isSaved ? 'true' : undefined}
                    />
                    {error ? (
                      <Field.ErrorText>{error}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>
                        {isSaved
                          ? 'A value is saved; type a new one to replace it.'
                          : optional
                            ? 'Optional: the client secret verifies the app’s webhooks. Write-only.'
                            : 'Write-only: never shown again.'}
                      </Field.HelperText>
                    )}
                  </Field.Root>
                );
              })}
            </SimpleGrid>
            <ConnectionTestMessage outcome={shownOutcome} />
          </Stack>
        </Card.Body>
        <Card.Footer>
          <HStack gap={3} wrap="wrap">
            <Button
              type="button"
              variant="outline"
              onClick={() => void runTest()}
              loading={test.loading}
              loadingText="Testing…"
              disabled={connect.loading}
            >
              Test connection
            </Button>
            <Button type="submit" loading={connect.loading} loadingText="Connecting…" disabled={test.loading}>
              Save and connect
            </Button>
          </HStack>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

/** The result of "Test connection", announced politely: the shop reached, or why not. */
export function ConnectionTestMessage({ outcome }: { outcome: TestOutcome | null }) {
  return (
    <div role="status" aria-live="polite">
      {outcome ? (
        <Alert.Root status={outcome.ok ? 'success' : 'error'} data-testid="store-test-result">
          <Alert.Indicator />
          <Alert.Title>{outcome.ok ? outcome.message : `Connection failed: ${outcome.message}`}</Alert.Title>
        </Alert.Root>
      ) : null}
    </div>
  );
}
