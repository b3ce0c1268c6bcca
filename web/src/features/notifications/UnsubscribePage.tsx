import { useMutation } from '@apollo/client/react';
import { Alert, Button, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { NotificationUnsubscribeMutationDocument } from './notificationDocuments';
import { tokenFromSearch, unsubscribedSentence } from './notificationText';

/**
 * /notifications/unsubscribe?token=…: the page of a mail's unsubscribe link. Opening it changes
 * nothing (mail scanners open links); one click on the button switches that kind of email off
 * through notificationUnsubscribe, without signing in.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const token = tokenFromSearch(useLocation().search);
  const [mutate, { loading }] = useMutation(NotificationUnsubscribeMutationDocument);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(
    token ? null : 'This unsubscribe link is incomplete. Open the whole link from the email.',
  );

  async function unsubscribe() {
    if (!token) return;
    setProblem(null);
    try {
      const { data } = await mutate({ variables: { input: { token } } });
      const payload = data?.notificationUnsubscribe;
      if (!payload) throw new Error('The server did not answer. Please try again.');
      if (payload.userErrors.length > 0 || !payload.kind) {
        setProblem(payload.userErrors[0]?.message ?? 'This unsubscribe link is not valid.');
        return;
      }
      setDone(payload.kind);
    } catch (e) {
      setProblem(e instanceof Error && e.message ? e.message : 'Please try again.');
    }
  }

  return (
    <Container maxW="lg" py={{ base: 8, md: 16 }}>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack gap={5}>
            <Heading as="h1" size="2xl">
              Unsubscribe
            </Heading>
            {done ? (
              <Alert.Root status="success">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{unsubscribedSentence(done)}</Alert.Title>
                  <Alert.Description>You can switch these emails back on at any time.</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <>
                <Text>
                  Stop getting this kind of email from DRX? One click is enough; you do not need to sign in.
                </Text>
                {problem && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{problem}</Alert.Title>
                  </Alert.Root>
                )}
                {token && (
                  <Button
                    alignSelf="flex-start"
                    onClick={() => void unsubscribe()}
                    loading={loading}
                    loadingText="Unsubscribing…"
                  >
                    Unsubscribe
                  </Button>
                )}
              </>
            )}
            <Text color="fg.muted" textStyle="sm">
              Choose which emails you get in{' '}
              <Link asChild colorPalette="blue" variant="underline">
                <RouterLink to="/profile/edit">your profile settings</RouterLink>
              </Link>{' '}
              (sign-in needed).
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
