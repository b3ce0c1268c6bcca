import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LogOut, Monitor, Smartphone, Tablet, Tv } from 'lucide-react';
import { useState } from 'react';
import type { MySessionsQuery } from '../../gql/graphql';
import { formatDate, formatDateTime } from '../../ui/dateFormat';
import { settle } from '../account';
import {
  MySessionsQueryDocument,
  SessionEndMutationDocument,
  SessionsEndOthersMutationDocument,
} from './sessionDocuments';
import {
  lastActiveText,
  SESSION_TEXT,
  sessionPlace,
  sessionsCountText,
  sessionSummary,
} from './sessionFormat';

type Session = MySessionsQuery['mySessions'][number];

const DEVICE_ICONS = { mobile: Smartphone, tablet: Tablet, tv: Tv } as const;

/**
 * "Where you're signed in" on /profile: every browser that holds a session of mine, this one first
 * (marked), each other with "Sign out", and "Sign out of all other sessions". As on GitHub, signing a
 * session out is done at once, without a confirmation: that browser can sign in again.
 */
export function SessionsSection() {
  const { data, loading, error, refetch } = useQuery(MySessionsQueryDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [endOne] = useMutation(SessionEndMutationDocument);
  const [endOthers, { loading: endingOthers }] = useMutation(SessionsEndOthersMutationDocument);
  const [ending, setEnding] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  const sessions = data?.mySessions ?? [];
  const others = sessions.filter((session) => !session.current).length;
  const placed = sessions.some((session) => session.place);

  async function signOut(session: Session) {
    setAnswer(null);
    setEnding(session.id);
    const outcome = await settle(
      endOne({ variables: { id: session.id } }).then(({ data }) => data?.sessionEnd),
    );
    setAnswer(
      outcome.ok
        ? { ok: true, message: outcome.payload.message || SESSION_TEXT.endedFallback }
        : { ok: false, message: outcome.errors[0]?.message ?? '' },
    );
    // Also after NOT_FOUND (it had ended already): the list shows what is left.
    await refetch().catch(() => undefined);
    setEnding(null);
  }

  async function signOutOthers() {
    setAnswer(null);
    const outcome = await settle(endOthers().then(({ data }) => data?.sessionsEndOthers));
    setAnswer(
      outcome.ok
        ? { ok: true, message: outcome.payload.message || SESSION_TEXT.othersEndedFallback }
        : { ok: false, message: outcome.errors[0]?.message ?? '' },
    );
    await refetch().catch(() => undefined);
  }

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="sessions-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="sessions-heading">
          Where you’re signed in
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          The browsers and apps signed in to your account. Sign out any you don’t recognise, then change your
          password.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {answer && (
            <Alert.Root status={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'}>
              <Alert.Indicator />
              <Alert.Title>{answer.message}</Alert.Title>
            </Alert.Root>
          )}
          {error && !data ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>Your sessions could not be loaded. Reload the page to try again.</Alert.Title>
            </Alert.Root>
          ) : loading && !data ? (
            <Stack gap={3} aria-busy="true" aria-label="Loading your sessions">
              {[0, 1].map((i) => (
                <Skeleton key={i} height="16" />
              ))}
            </Stack>
          ) : (
            <>
              <Text textStyle="sm" data-testid="sessions-count">
                {sessionsCountText(sessions.length)}
              </Text>
              <Stack as="ul" gap={3} listStyleType="none" m={0} p={0} aria-label="My sessions">
                {sessions.map((session) => (
                  <SessionRow
                    key={session.id}
                    session={session}
                    ending={ending === session.id}
                    onSignOut={() => void signOut(session)}
                  />
                ))}
              </Stack>
              {placed && (
                // The attribution IP2Location LITE's licence (CC BY-SA 4.0) asks for.
                <Text textStyle="xs" color="fg.muted">
                  Places are approximate, from IP2Location LITE data available from{' '}
                  <Link href="https://lite.ip2location.com" target="_blank" rel="noopener noreferrer">
                    lite.ip2location.com
                  </Link>
                  .
                </Text>
              )}
              {others > 0 && (
                <Button
                  alignSelf="flex-start"
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => void signOutOthers()}
                  loading={endingOthers}
                  loadingText="Signing out…"
                >
                  <LogOut aria-hidden />
                  Sign out of all other sessions
                </Button>
              )}
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SessionRow({
  session,
  ending,
  onSignOut,
}: {
  session: Session;
  ending: boolean;
  onSignOut: () => void;
}) {
  const summary = sessionSummary(session);
  const place = sessionPlace(session);
  const Icon = DEVICE_ICONS[session.device as keyof typeof DEVICE_ICONS] ?? Monitor;
  const active = lastActiveText(session.lastActiveAt, session.current);
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p={4} data-testid="session-item">
      {/* On a phone the button goes under the text, which keeps the row's width. */}
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        gap={3}
      >
        <HStack align="flex-start" gap={3} minW={0} flex="1">
          <Box color="fg.muted" pt={0.5} flexShrink={0}>
            <Icon size={20} aria-hidden />
          </Box>
          <Stack gap={1} minW={0}>
            <HStack gap={2} wrap="wrap">
              <Text fontWeight="semibold" wordBreak="break-word">
                {summary}
                {place && (
                  <Text
                    as="span"
                    fontWeight="normal"
                    color="fg.muted"
                    title="Approximate place of the address"
                  >
                    {' · '}
                    {place}
                  </Text>
                )}
              </Text>
              {session.current && (
                <Badge colorPalette="green" variant="subtle">
                  This device
                </Badge>
              )}
            </HStack>
            <Text textStyle="sm" color="fg.muted" fontFamily="mono" wordBreak="break-all">
              {session.ipAddress || SESSION_TEXT.unknownAddress}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              <span title={formatDateTime(session.lastActiveAt)}>{active}</span>
              {session.createdAt ? (
                <>
                  {' · '}
                  <span title={formatDateTime(session.createdAt)}>
                    Signed in {formatDate(session.createdAt)}
                  </span>
                </>
              ) : null}
            </Text>
          </Stack>
        </HStack>
        {!session.current && (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Sign out ${summary}${place ? ` · ${place}` : ''}`}
            onClick={onSignOut}
            loading={ending}
            loadingText="Signing out…"
            alignSelf="flex-start"
            ms={{ base: 8, sm: 0 }}
          >
            Sign out
          </Button>
        )}
      </Stack>
    </Box>
  );
}
