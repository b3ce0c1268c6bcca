import { useQuery } from '@apollo/client/react';
import { Badge, Button, Card, Code, DataList, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { formatDateTime, formatUptime, type HealthState, paymentModeView } from './adminFormat';
import { AdminNotice } from './AdminNotice';
import { isForbiddenError } from './graphqlErrors';
import { useHealthCheck } from './useHealthCheck';

const AdminDeploymentQueryDocument = graphql(`
  query AdminDeployment {
    systemStatus {
      version
      nodeVersion
      environment
      databaseMode
      paymentMode
      databaseVersion
      migrations
      startedAt
      uptimeSeconds
    }
  }
`);

const HEALTH_BADGE: Record<HealthState, { label: string; palette: string }> = {
  checking: { label: 'Checking…', palette: 'gray' },
  healthy: { label: 'Healthy', palette: 'green' },
  unhealthy: { label: 'Unhealthy', palette: 'red' },
};

function HealthCard() {
  const { state, checkedAt, recheck } = useHealthCheck();
  const badge = HEALTH_BADGE[state];
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="health-heading">
      <Card.Body>
        <HStack justify="space-between" gap={4} wrap="wrap">
          <Stack gap={1}>
            <HStack gap={3}>
              <Heading as="h2" size="md" id="health-heading">
                Health check
              </Heading>
              <Badge colorPalette={badge.palette} size="lg" variant="solid" aria-live="polite">
                {badge.label}
              </Badge>
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              <Code>GET /readyz</Code> answers <Code>{'{"status":"ready"}'}</Code> while the database, the
              file storage and the job queue answer.
              {checkedAt ? ` Last checked ${checkedAt.toLocaleTimeString('en-US')}.` : ''}
            </Text>
          </Stack>
          <Button variant="outline" size="sm" onClick={recheck} disabled={state === 'checking'}>
            <RefreshCw aria-hidden />
            Check again
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** How payments are taken: Stripe, the test provider (no money moves) or none (checkout refuses). */
function PaymentsItem({ mode }: { mode: string }) {
  const view = paymentModeView(mode);
  return (
    <DataList.Item>
      <DataList.ItemLabel>Payments</DataList.ItemLabel>
      <DataList.ItemValue>
        <Stack gap={1}>
          <Badge colorPalette={view.palette} variant="solid" alignSelf="flex-start">
            {view.label}
          </Badge>
          {view.description && (
            <Text color="fg.muted" fontSize="sm">
              {view.description}
            </Text>
          )}
        </Stack>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** The running deployment: versions, database, payments, uptime, migrations and live health. */
export default function AdminDeploymentPage() {
  const { data, loading, error, refetch } = useQuery(AdminDeploymentQueryDocument, {
    fetchPolicy: 'network-only',
  });

  useDocumentTitle('Deployment');

  const status = data?.systemStatus;

  return (
    <Stack gap={6} maxW="4xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Deployment
        </Heading>
        <Text color="fg.muted">The version of DRX that is running, and on what.</Text>
      </Stack>

      <HealthCard />

      {loading && !status ? (
        <PageSpinner label="Loading system status..." minHeight="12rem" />
      ) : !status ? (
        isForbiddenError(error) ? (
          <AdminNotice title="Only administrators can see the deployment status." />
        ) : (
          <AdminNotice
            status="error"
            title="The system status could not be loaded"
            description={error?.message ?? 'Please try again.'}
          />
        )
      ) : (
        <>
          <Card.Root variant="outline" as="section" aria-labelledby="system-heading">
            <Card.Header>
              <HStack justify="space-between">
                <Card.Title as="h2" id="system-heading">
                  System
                </Card.Title>
                <Button variant="ghost" size="sm" onClick={() => void refetch()} loading={loading}>
                  <RefreshCw aria-hidden />
                  Refresh
                </Button>
              </HStack>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal" gap={3}>
                <DataList.Item>
                  <DataList.ItemLabel>Version</DataList.ItemLabel>
                  <DataList.ItemValue>{status.version}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Environment</DataList.ItemLabel>
                  <DataList.ItemValue>{status.environment}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Node.js</DataList.ItemLabel>
                  <DataList.ItemValue>{status.nodeVersion}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Database</DataList.ItemLabel>
                  <DataList.ItemValue>{status.databaseMode}</DataList.ItemValue>
                </DataList.Item>
                <PaymentsItem mode={status.paymentMode} />
                <DataList.Item>
                  <DataList.ItemLabel>Database server</DataList.ItemLabel>
                  <DataList.ItemValue>PostgreSQL {status.databaseVersion}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Started at</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDateTime(status.startedAt) || '—'}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Uptime</DataList.ItemLabel>
                  <DataList.ItemValue>{formatUptime(status.uptimeSeconds) || '—'}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Card.Body>
          </Card.Root>

          <Card.Root variant="outline" as="section" aria-labelledby="migrations-heading">
            <Card.Header>
              <Card.Title as="h2" id="migrations-heading">
                Applied migrations
              </Card.Title>
              <Card.Description>
                {status.migrations.length === 1
                  ? '1 migration, oldest first.'
                  : `${status.migrations.length} migrations, oldest first.`}
              </Card.Description>
            </Card.Header>
            <Card.Body>
              {status.migrations.length === 0 ? (
                <Text color="fg.muted">No migration has been applied.</Text>
              ) : (
                <List.Root as="ol" gap={1} ps={5}>
                  {status.migrations.map((name) => (
                    <List.Item key={name}>
                      <Code variant="plain">{name}</Code>
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}
