import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Card, Heading, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { NotificationKind } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import {
  NotificationPreferencesQueryDocument,
  NotificationPreferencesUpdateMutationDocument,
} from './notificationDocuments';
import { preferenceSavedTitle } from './notificationText';

/**
 * The "Notifications" section of /profile/edit: one switch per kind of email, saved as soon as it
 * is flipped (notificationPreferencesUpdate), with a toast. The saved list replaces the query's in
 * the cache, so the switches always show what the server stored.
 */
export function NotificationSettings() {
  const { data, loading, error } = useQuery(NotificationPreferencesQueryDocument);
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const [mutate] = useMutation(NotificationPreferencesUpdateMutationDocument, {
    update(cache, { data: result }) {
      const payload = result?.notificationPreferencesUpdate;
      if (!payload || payload.userErrors.length > 0) return;
      cache.writeQuery({
        query: NotificationPreferencesQueryDocument,
        data: { notificationPreferences: payload.preferences },
      });
    },
  });

  async function save(kind: NotificationKind, enabled: boolean) {
    setSaving(kind);
    try {
      const { data: result } = await mutate({ variables: { input: { preferences: [{ kind, enabled }] } } });
      const payload = result?.notificationPreferencesUpdate;
      if (!payload) throw new Error('The server did not answer.');
      if (payload.userErrors.length > 0) throw new Error(payload.userErrors[0].message);
      toaster.create({ title: preferenceSavedTitle(kind, enabled), type: 'success' });
    } catch (e) {
      toaster.create({
        title: 'Setting not saved',
        description: e instanceof Error && e.message ? e.message : 'Please try again.',
        type: 'error',
      });
    } finally {
      setSaving(null);
    }
  }

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="notifications-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="notifications-heading">
          Notifications
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          Choose which emails you get. Emails about your account, such as password resets, always go out.
        </Text>
      </Card.Header>
      <Card.Body>
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Your email settings could not be loaded. Reload the page to try again.</Alert.Title>
          </Alert.Root>
        ) : loading && !data ? (
          <Stack gap={4} aria-busy="true" aria-label="Loading email settings">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="10" />
            ))}
          </Stack>
        ) : (
          <Stack gap={5} as="ul" listStyleType="none" m={0} p={0}>
            {(data?.notificationPreferences ?? []).map((p) => (
              <li key={p.kind}>
                <Switch.Root
                  checked={p.enabled}
                  disabled={saving !== null}
                  onCheckedChange={(d) => void save(p.kind, d.checked)}
                  alignItems="flex-start"
                >
                  <Switch.HiddenInput
                    name={`notify-${p.kind.toLowerCase()}`}
                    aria-describedby={`notify-${p.kind.toLowerCase()}-description`}
                  />
                  <Switch.Control mt={0.5} />
                  <Stack gap={0}>
                    <Switch.Label>{p.label}</Switch.Label>
                    <Text id={`notify-${p.kind.toLowerCase()}-description`} color="fg.muted" textStyle="sm">
                      {p.description}
                    </Text>
                  </Stack>
                </Switch.Root>
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
