import { Box, Card, Code, Heading, Link, List, Stack, Table, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** The REST adapter's sign-in and user endpoints (docs/api.md, "REST endpoints"). */
const REST_ENDPOINTS: { call: string; body?: string; answer: string }[] = [
  { call: 'GET /api/user', answer: '200 the signed-in user; 401 {message} when signed out' },
  {
    call: 'PATCH /api/user',
    body: '{firstName?, lastName?}',
    answer: '200 the updated user; 400 {message, field}',
  },
  {
    call: 'POST /api/login',
    body: '{username, password}',
    answer: '200 the user; 401 {"message":"Invalid username or password"}; 429 when throttled',
  },
  {
    call: 'POST /api/register',
    body: '{username, password, email?, firstName?, lastName?}',
    answer:
      '201 the user, signed in; 400 {"message":"Username already exists"} or a message naming the field',
  },
  { call: 'POST /api/logout', answer: '200 {"success":true}; the session is destroyed on the server' },
  { call: 'GET /api/users/{id}', answer: '200 the public profile; 404 {message}' },
  {
    call: 'POST /api/profile/image',
    body: 'multipart field image',
    answer: '200 the user; 400 or 413 {message}; 401',
  },
];

const USER_ERROR_CODES: [string, string][] = [
  ['INVALID_INPUT', 'A value is missing or wrong; the error’s field names it.'],
  ['UNAUTHORIZED', 'The username or password is wrong.'],
  ['USERNAME_TAKEN', 'Another account already uses this username.'],
  [
    'TOO_MANY_ATTEMPTS',
    'Sign-in is locked for a while after repeated failures, or too many accounts were registered from one address.',
  ],
  ['NOT_FOUND', 'The thing to change does not exist.'],
  ['FORBIDDEN', 'The change is not allowed (for example removing your own admin role).'],
];

const GRAPHQL_ERROR_CODES: [string, string][] = [
  ['UNAUTHENTICATED', 'Sign in first.'],
  ['FORBIDDEN', 'Your role may not do this.'],
  ['GRAPHQL_VALIDATION_FAILED', 'The query does not match the schema or breaks a limit.'],
  ['BAD_USER_INPUT', 'An argument is wrong (for example an invalid cursor).'],
  ['INTERNAL_SERVER_ERROR', 'Something broke on the server; details are logged, never returned.'],
];

const DEMO_ACCOUNTS: [string, string][] = [
  ['admin', 'admin'],
  ['officer', 'curriculum_officer'],
  ['seller', 'seller'],
  ['instructor', 'instructor'],
  ['member', 'user'],
  ['multi', 'seller + instructor'],
];

const SIGN_IN_EXAMPLE = `curl -c jar -H 'content-type: application/json' \\
     -d '{"username":"member","password":"drx-demo-2026"}' https://<host>/api/login
curl -b jar -H 'content-type: application/json' \\
     -d '{"query":"{ me { id username roles } }"}' https://<host>/graphql`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id}>
      <Card.Header>
        <Card.Title as="h2" id={id}>
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap={4}>{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

function CodeTable({ label, rows }: { label: string; rows: [string, string][] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm" aria-label={label} whiteSpace="normal">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Code</Table.ColumnHeader>
            <Table.ColumnHeader>Meaning</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(([code, meaning]) => (
            <Table.Row key={code}>
              <Table.Cell>
                <Code>{code}</Code>
              </Table.Cell>
              <Table.Cell>{meaning}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** How to use DRX's API: the GraphQL playground, the REST adapter, errors, limits, demo accounts. */
export default function AdminDocumentationPage() {
  useDocumentTitle('Documentation');

  return (
    <Stack gap={6} maxW="4xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Documentation
        </Heading>
        <Text color="fg.muted">
          DRX has one GraphQL API at <Code>/graphql</Code> — the web app and these admin screens use it too —
          and a REST adapter under <Code>/api/*</Code>. Both use the same session cookie and the same
          permission rules.
        </Text>
      </Stack>

      <Section id="doc-playground" title="GraphQL playground">
        <Text>
          Opened in a browser, <Code>/graphql</Code> shows an offline GraphiQL with the schema explorer. It
          sends your browser&apos;s session cookie, so queries run as you — signed in as an admin, they can
          read and change everything an admin can.
        </Text>
        <Box>
          {/* A full page load: the playground is served by the API, not by this app. */}
          <Link href="/graphql" color="brand.fg" fontWeight="semibold">
            Open the GraphQL playground
            <ExternalLink size={14} aria-hidden />
          </Link>
        </Box>
        <Text>
          The full schema is <Code>schema.graphql</Code> in the repository.
        </Text>
      </Section>

      <Section id="doc-requests" title="Sessions and requests">
        <List.Root gap={2} ps={5}>
          <List.Item>
            Sessions are cookies (<Code>drx.sid</Code>, HttpOnly, SameSite=Lax). Sign in with{' '}
            <Code>POST /api/login</Code> or the <Code>login</Code> mutation and send the cookie back.
          </List.Item>
          <List.Item>
            POST JSON (<Code>content-type: application/json</Code>). GET requests and other content types need
            the <Code>apollo-require-preflight: true</Code> header (CSRF protection). Batched arrays are
            refused.
          </List.Item>
          <List.Item>
            Mutations take one <Code>input</Code> argument and return a payload with{' '}
            <Code>userErrors {'{ code field message }'}</Code>; an empty list means success.
          </List.Item>
          <List.Item>
            State-changing <Code>/api</Code> and <Code>/graphql</Code> calls from another site are refused
            (403, by <Code>Sec-Fetch-Site</Code>, <Code>Origin</Code> or <Code>Referer</Code>); calls from the
            app itself and from scripts without those headers work.
          </List.Item>
          <List.Item>
            Five failed sign-ins for one account or from one address within 15 minutes lock further attempts
            (HTTP 429, or the code <Code>TOO_MANY_ATTEMPTS</Code>) until the window passes.
          </List.Item>
        </List.Root>
        <Box
          as="pre"
          fontFamily="mono"
          fontSize="sm"
          bg="bg.muted"
          borderRadius="l2"
          p={4}
          overflowX="auto"
          aria-label="Sign-in example"
        >
          {SIGN_IN_EXAMPLE}
        </Box>
      </Section>

      <Section id="doc-limits" title="Limits">
        <List.Root gap={1} ps={5}>
          <List.Item>Query depth: at most 12 levels.</List.Item>
          <List.Item>At most 500 selected fields per document (fragments counted where used).</List.Item>
          <List.Item>Request bodies: at most 100 kB.</List.Item>
          <List.Item>Lists such as users are paged: 20 per page by default, at most 100.</List.Item>
        </List.Root>
      </Section>

      <Section id="doc-rest" title="REST endpoints: sign-in and users">
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label="REST endpoints" whiteSpace="normal">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Call</Table.ColumnHeader>
                <Table.ColumnHeader>Answer</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {REST_ENDPOINTS.map(({ call, body, answer }) => (
                <Table.Row key={call}>
                  <Table.Cell verticalAlign="top" whiteSpace="nowrap">
                    <Code>{call}</Code>
                    {body ? (
                      <Text fontSize="xs" color="fg.muted" mt={1} fontFamily="mono">
                        {body}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell verticalAlign="top">{answer}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Text fontSize="sm" color="fg.muted">
          User JSON:{' '}
          <Code>
            id, username, email, role, roles, firstName, lastName, profileImageUrl, displayName, createdAt
          </Code>
          . The email, role and roles are shown to their owner and to admins only (else null); a password hash
          is never returned.
        </Text>
      </Section>

      <Section id="doc-errors" title="Error codes">
        <Text>
          Expected failures of a mutation come back in <Code>userErrors[].code</Code>:
        </Text>
        <CodeTable label="userErrors codes" rows={USER_ERROR_CODES} />
        <Text>
          Errors outside <Code>userErrors</Code> carry <Code>extensions.code</Code>:
        </Text>
        <CodeTable label="GraphQL error codes" rows={GRAPHQL_ERROR_CODES} />
      </Section>

      <Section id="doc-demo" title="Demo accounts">
        <Text>
          A database seeded with the demo data (the default, <Code>SEED=true</Code>) has these accounts, all
          with the password <Code>drx-demo-2026</Code>. They are for trying DRX out: anyone who reads this can
          sign in with them. Start a public deployment on a fresh database with <Code>SEED=false</Code> so
          they are never created.
        </Text>
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label="Demo accounts">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Username</Table.ColumnHeader>
                <Table.ColumnHeader>Roles</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {DEMO_ACCOUNTS.map(([username, roles]) => (
                <Table.Row key={username}>
                  <Table.Cell>
                    <Code>{username}</Code>
                  </Table.Cell>
                  <Table.Cell>{roles}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Section>
    </Stack>
  );
}
