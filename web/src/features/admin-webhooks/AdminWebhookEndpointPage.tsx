import { useLazyQuery, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Dialog,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../ui/dateFormat';
import { FormDialog } from '../../ui/FormDialog';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCourseMutation } from '../courses';
import {
  AdminWebhookEndpointQueryDocument,
  AdminWebhookEndpointSecretQueryDocument,
  WebhookEndpointDeleteMutationDocument,
  WebhookEndpointSecretRotateMutationDocument,
  WebhookEndpointUpdateMutationDocument,
  WebhookMessageRedeliverMutationDocument,
} from './adminWebhookDocuments';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm } from './EndpointForm';
import { WebhookSecret } from './WebhookSecret';

const LOG_SIZE = 50;

/**
 * /admin/webhooks/:id: one endpoint — why it is switched off (if it is), its settings, on/off,
 * its secret (revealed on request, or rotated), deletion, and its delivery log with redelivery.
 */
export default function AdminWebhookEndpointPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [first, setFirst] = useState(LOG_SIZE);
  const query = useQuery(AdminWebhookEndpointQueryDocument, {
    variables: { id, first, status: status || null },
    fetchPolicy: 'cache-and-network',
  });
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [revealSecret, revealing] = useLazyQuery(AdminWebhookEndpointSecretQueryDocument, {
    fetchPolicy: 'network-only',
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [redelivering, setRedelivering] = useState<string | null>(null);
  const update = useCourseMutation(WebhookEndpointUpdateMutationDocument, 'Endpoint not saved');
  const remove = useCourseMutation(WebhookEndpointDeleteMutationDocument, 'Endpoint not deleted');
  const rotate = useCourseMutation(WebhookEndpointSecretRotateMutationDocument, 'Secret not changed');
  const redeliver = useCourseMutation(WebhookMessageRedeliverMutationDocument, 'Not redelivered');

  const data = query.data ?? query.previousData;
  const endpoint = data?.adminWebhookEndpoint;
  useDocumentTitle(endpoint ? `Webhook ${endpoint.url}` : 'Webhook endpoint');

  if (!data && query.loading) return <PageSpinner label="Loading the endpoint…" minHeight="12rem" />;
  if (query.error && !data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>The endpoint could not be loaded: {query.error.message}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!endpoint) {
    return (
      <Stack gap={3} maxW="6xl" mx="auto">
        <Heading as="h1" size="2xl">
          Webhook endpoint not found
        </Heading>
        <Link asChild colorPalette="brand">
          <RouterLink to="/admin/webhooks">Back to the webhooks</RouterLink>
        </Link>
      </Stack>
    );
  }

  const switchTo = (enabled: boolean) =>
    update.run({ id: endpoint.id, enabled }, enabled ? 'Endpoint switched on' : 'Endpoint switched off');

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Link asChild colorPalette="brand" fontSize="sm">
          <RouterLink to="/admin/webhooks">← Webhooks</RouterLink>
        </Link>
        <HStack gap={3} wrap="wrap">
          <Heading as="h1" size="2xl" wordBreak="break-all">
            {endpoint.url}
          </Heading>
          {endpoint.enabled ? (
            <Badge colorPalette="green">On</Badge>
          ) : (
            <Badge colorPalette="red">Switched off</Badge>
          )}
        </HStack>
        {endpoint.description ? <Text color="fg.muted">{endpoint.description}</Text> : null}
        <Text color="fg.muted" fontSize="sm">
          {endpoint.pendingCount} pending · {endpoint.failedCount} failed · last delivered{' '}
          {endpoint.lastSuccessAt ? formatDateTime(endpoint.lastSuccessAt) : 'never'}
        </Text>
      </Stack>

      {!endpoint.enabled ? (
        <Alert.Root status="error" data-testid="webhook-switched-off">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              This endpoint is switched off
              {endpoint.disabledAt ? ` since ${formatDateTime(endpoint.disabledAt)}` : ''}
            </Alert.Title>
            <Alert.Description>
              <Text>{endpoint.disabledReason}</Text>
              <Text mt={1}>
                No new events are sent to it. Its pending messages wait and go out, in order, when you switch
                it on again.
              </Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <HStack gap={3} wrap="wrap">
        <Button
          variant={endpoint.enabled ? 'outline' : 'solid'}
          colorPalette={endpoint.enabled ? 'gray' : 'brand'}
          loading={update.loading}
          onClick={() => void switchTo(!endpoint.enabled)}
        >
          {endpoint.enabled ? 'Switch off' : 'Switch on'}
        </Button>
        <Button
          variant="outline"
          loading={revealing.loading}
          onClick={async () => {
            const result = await revealSecret({ variables: { id: endpoint.id } });
            const value = result.data?.adminWebhookEndpointSecret;
            if (value) setSecret({ value, rotated: false });
            else toaster.create({ title: 'The secret could not be read', type: 'error' });
          }}
        >
          Reveal secret
        </Button>
        <Button
          variant="outline"
          loading={rotate.loading}
          onClick={async () => {
            const payload = await rotate.run({ id: endpoint.id }, 'New signing secret made');
            if (payload?.secret) setSecret({ value: payload.secret, rotated: true });
          }}
        >
          Rotate secret
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </HStack>

      {secret ? (
        <WebhookSecret
          title={secret.rotated ? 'The new signing secret' : 'Signing secret'}
          note={
            secret.rotated
              ? 'The old secret stopped working: give this one to the receiver now.'
              : 'Receivers verify each request’s signature with it. Keep it secret.'
          }
          secret={secret.value}
          onDismiss={() => setSecret(null)}
        />
      ) : null}

      <DeliveryLog
        messages={endpoint.deliveries.nodes}
        totalCount={endpoint.deliveries.totalCount}
        status={status}
        onStatusChange={setStatus}
        redelivering={redelivering}
        onRedeliver={async (messageId) => {
          setRedelivering(messageId);
          try {
            const payload = await redeliver.run({ messageId });
            if (payload?.attempt) {
              toaster.create(
                payload.attempt.succeeded
                  ? { title: `Redelivered: ${payload.attempt.responseStatus}`, type: 'success' }
                  : {
                      title: 'Redelivery failed',
                      description: payload.attempt.error ?? undefined,
                      type: 'error',
                    },
              );
            }
            await query.refetch();
          } finally {
            setRedelivering(null);
          }
        }}
      />
      {endpoint.deliveries.pageInfo.hasNextPage && first < 100 ? (
        <HStack>
          <Button variant="outline" onClick={() => setFirst(100)}>
            Show up to 100 messages
          </Button>
        </HStack>
      ) : null}

      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            Settings
          </Heading>
        </Card.Header>
        <Card.Body>
          <EndpointForm
            key={endpoint.id}
            eventTypes={data?.adminWebhookEventTypes ?? []}
            initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
            submitLabel="Save changes"
            pending={update.loading}
            fieldError={update.fieldError}
            onSubmit={async (values) =>
              Boolean(await update.run({ id: endpoint.id, ...values }, 'Endpoint saved'))
            }
          />
        </Card.Body>
      </Card.Root>

      <FormDialog open={confirmDelete} onClose={() => setConfirmDelete(false)} role="alertdialog">
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>Delete this endpoint?</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Text>{endpoint.url} and its delivery log are deleted; its pending messages are never sent.</Text>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.ActionTrigger>
            <Button
              colorPalette="red"
              loading={remove.loading}
              onClick={async () => {
                if (await remove.run({ id: endpoint.id }, 'Endpoint deleted')) navigate('/admin/webhooks');
              }}
            >
              Delete
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </FormDialog>
    </Stack>
  );
}
