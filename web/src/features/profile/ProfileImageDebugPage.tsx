import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Container,
  DataList,
  Heading,
  Image,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { localImageUrl } from '../../lib/imageUrl';
import { Avatar } from '../../ui/Avatar';
import { avatarCandidates, type AvatarCandidateKind } from '../../ui/avatarSources';
import { useCurrentUser } from '../auth';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PageSpinner } from '../../ui/PageSpinner';

type LoadStatus = 'loading' | 'loaded' | 'error';

const KIND_LABELS: Record<AvatarCandidateKind, string> = {
  original: 'Profile image',
  retry: 'Retry under uploads',
  initials: 'Generated initials',
  default: 'Default image',
};

const STATUS_COLORS: Record<LoadStatus, string> = {
  loading: 'gray',
  loaded: 'green',
  error: 'red',
};

/**
 * For developers and QA: shows where the signed-in user's avatar comes from, every URL the
 * Avatar component would try in order, and whether each of them loads in this browser.
 */
export default function ProfileImageDebugPage() {
  const { user, loading } = useCurrentUser();
  const [now, setNow] = useState(() => Date.now());

  useDocumentTitle('Profile image debug');

  const fullName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  const candidates = useMemo(
    () =>
      avatarCandidates({
        src: user?.profileImageUrl,
        username: user?.username,
        name: fullName || user?.displayName,
        now,
      }),
    [user?.profileImageUrl, user?.username, user?.displayName, fullName, now],
  );

  if (loading || user === undefined) {
    return <PageSpinner label="Loading user..." />;
  }

  const raw = user?.profileImageUrl ?? null;

  return (
    <Container maxW="5xl" py={{ base: 8, md: 12 }}>
      <Stack gap={6}>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap={4}>
          <Stack gap={1}>
            <Heading as="h1" size="2xl">
              Profile image debug
            </Heading>
            <Text color="fg.muted">
              The sources the avatar tries, in order, and whether each one loads in this browser.
            </Text>
          </Stack>
          <Button variant="outline" onClick={() => setNow(Date.now())} alignSelf={{ md: 'center' }}>
            <RefreshCw aria-hidden="true" />
            Test again
          </Button>
        </Stack>

        <Card.Root variant="outline">
          <Card.Body>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={6} align="center">
              <Avatar
                key={now}
                src={raw}
                username={user?.username}
                name={fullName || user?.displayName}
                size="xl"
              />
              <DataList.Root orientation="horizontal" gap={2} flex="1" minW={0}>
                <DataList.Item>
                  <DataList.ItemLabel>User</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {user ? `${user.displayName} (@${user.username}, id ${user.id})` : 'Not signed in'}
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>profileImageUrl</DataList.ItemLabel>
                  <DataList.ItemValue minW={0}>
                    {raw ? <Code wordBreak="break-all">{raw}</Code> : <Text color="fg.muted">none</Text>}
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Local URL</DataList.ItemLabel>
                  <DataList.ItemValue minW={0}>
                    {raw ? (
                      <Code wordBreak="break-all">{localImageUrl(raw)}</Code>
                    ) : (
                      <Text color="fg.muted">none</Text>
                    )}
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Box overflowX="auto">
          <Table.Root variant="outline" size="sm">
            <Table.Caption captionSide="top" textAlign="start" mb={2}>
              Candidate URLs, tried from top to bottom until one loads
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>#</Table.ColumnHeader>
                <Table.ColumnHeader>Source</Table.ColumnHeader>
                <Table.ColumnHeader>URL</Table.ColumnHeader>
                <Table.ColumnHeader>Preview</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {candidates.map((candidate, index) => (
                <CandidateRow
                  key={`${now}-${index}-${candidate.url}`}
                  position={index + 1}
                  kind={candidate.kind}
                  url={candidate.url}
                />
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    </Container>
  );
}

function CandidateRow({ position, kind, url }: { position: number; kind: AvatarCandidateKind; url: string }) {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [size, setSize] = useState<string | null>(null);
  const shownUrl = url.startsWith('data:') ? `${url.slice(0, 60)}…` : url;

  return (
    <Table.Row data-candidate-kind={kind} data-load-status={status}>
      <Table.Cell>{position}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{KIND_LABELS[kind]}</Table.Cell>
      <Table.Cell maxW="sm">
        <Code wordBreak="break-all" title={url}>
          {shownUrl}
        </Code>
      </Table.Cell>
      <Table.Cell>
        <Image
          src={url}
          alt={`${KIND_LABELS[kind]} preview`}
          boxSize="48px"
          borderRadius="full"
          objectFit="cover"
          bg="bg.muted"
          visibility={status === 'error' ? 'hidden' : 'visible'}
          onLoad={(event) => {
            const img = event.currentTarget;
            setSize(`${img.naturalWidth}×${img.naturalHeight}`);
            setStatus('loaded');
          }}
          onError={() => setStatus('error')}
        />
      </Table.Cell>
      <Table.Cell>
        <Stack gap={1} align="flex-start">
          <Badge colorPalette={STATUS_COLORS[status]}>
            {status === 'loaded' ? 'Loaded' : status === 'error' ? 'Failed' : 'Loading'}
          </Badge>
          {size && (
            <Text fontSize="xs" color="fg.muted">
              {size}
            </Text>
          )}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}
