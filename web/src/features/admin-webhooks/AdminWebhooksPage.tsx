import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Box, Card, EmptyState, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { WebhookEndpointFieldsFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { ListTable } from '../../ui/ListTable';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCourseMutation } from '../courses';
import {
  AdminWebhookEndpointsQueryDocument,
  WebhookEndpointCreateMutationDocument,
} from './adminWebhookDocuments';
import { EndpointForm } from './EndpointForm';
import { WebhookSecret } from './WebhookSecret';

/**
 * /admin/webhooks: the endpoints DRX sends signed events to (Standard Webhooks), and a form to add
 * one; a new endpoint's signing secret is shown once here (its page can reveal it again).
 */
export default function AdminWebhooksPage() {
  useDocumentTitle('Webhooks');
  const query = useQuery(AdminWebhookEndpointsQueryDocument, { fetchPolicy: 'cache-and-network' });
  const create = useCourseMutation(WebhookEndpointCreateMutationDocument, 'Endpoint not added', [
    'AdminWebhookEndpoints',
  ]);
  const [created, setCreated] = useState<{ id: string; url: string; secret: string } | null>(null);
  const data = query.data ?? query.previousData;

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Webhooks
        </Heading>
        <Text color="fg.muted">
          DRX POSTs each event (a paid order, a new enrollment, a booking…) to the endpoints that subscribe to
          it, signed as the Standard Webhooks specification says, and retries for up to 3 days until they
          answer 2xx.
        </Text>
      </Stack>
      {created ? (
        <Stack gap={2}>
          <WebhookSecret
            title={`Endpoint added: ${created.url}`}
            note="Copy its signing secret now: receivers verify each request with it. Admins can reveal it again on the endpoint’s page."
            secret={created.secret}
            onDismiss={() => setCreated(null)}
          />
          <Link asChild colorPalette="brand">
            <RouterLink to={`/admin/webhooks/${created.id}`}>
              Open the endpoint and its delivery log
            </RouterLink>
          </Link>
        </Stack>
      ) : null}
      {!data && query.loading ? (
        <PageSpinner label="Loading webhook endpoints…" minHeight="12rem" />
      ) : query.error && !data ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The webhook endpoints could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      ) : !data || data.adminWebhookEndpoints.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Webhook />
            </EmptyState.Indicator>
            <EmptyState.Title>No webhook endpoints yet</EmptyState.Title>
            <EmptyState.Description>Add one below to start sending events.</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <ListTable
          header={
            <>
              <Table.ColumnHeader>Endpoint</Table.ColumnHeader>
              <Table.ColumnHeader>Events</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader>Pending / failed</Table.ColumnHeader>
              <Table.ColumnHeader>Last delivered</Table.ColumnHeader>
            </>
          }
        >
          {data.adminWebhookEndpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} />
          ))}
        </ListTable>
      )}
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            Add an endpoint
          </Heading>
        </Card.Header>
        <Card.Body>
          <EndpointForm
            eventTypes={data?.adminWebhookEventTypes ?? []}
            submitLabel="Add endpoint"
            pending={create.loading}
            fieldError={create.fieldError}
            resetOnSave
            onSubmit={async (values) => {
              const payload = await create.run(values, 'Webhook endpoint added');
              if (!payload?.endpoint || !payload.secret) return false;
              setCreated({ id: payload.endpoint.id, url: payload.endpoint.url, secret: payload.secret });
              window.scrollTo({ top: 0, behavior: 'smooth' });
              return true;
            }}
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpointFieldsFragment }) {
  return (
    <Table.Row data-testid="webhook-endpoint-row">
      <Table.Cell maxW="22rem">
        <Link asChild fontWeight="medium" wordBreak="break-all" colorPalette="brand">
          <RouterLink to={`/admin/webhooks/${endpoint.id}`}>{endpoint.url}</RouterLink>
        </Link>
        {endpoint.description ? (
          <Text fontSize="sm" color="fg.muted">
            {endpoint.description}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Box display="flex" flexWrap="wrap" gap={1} maxW="18rem">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" fontFamily="mono">
              {event}
            </Badge>
          ))}
        </Box>
      </Table.Cell>
      <Table.Cell>
        {endpoint.enabled ? (
          <Badge colorPalette="green">On</Badge>
        ) : (
          <Badge colorPalette="red" title={endpoint.disabledReason ?? undefined}>
            Switched off
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell fontSize="sm">
        {endpoint.pendingCount} / {endpoint.failedCount}
      </Table.Cell>
      <Table.Cell fontSize="sm" whiteSpace="nowrap">
        {endpoint.lastSuccessAt ? formatDateTime(endpoint.lastSuccessAt) : 'Never'}
      </Table.Cell>
    </Table.Row>
  );
}
