import { Alert, Button, Card, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { AccountDeleteForm } from './AccountDeleteForm';
import { PRIVACY_TEXT } from './privacyText';
import { useDataDownload } from './useDataDownload';

/** The "Your data" section of /profile: download my data, delete my account (GDPR art. 15, 17, 20). */
export function YourDataSection({ username }: { username: string }) {
  const { download, loading, error } = useDataDownload();
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="your-data-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="your-data-heading">
          {PRIVACY_TEXT.heading}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {PRIVACY_TEXT.intro}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <Stack gap="3">
            <Text textStyle="sm">{PRIVACY_TEXT.downloadHelp}</Text>
            {error && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <Button
              variant="outline"
              alignSelf="flex-start"
              onClick={() => void download()}
              loading={loading}
              loadingText={PRIVACY_TEXT.downloading}
            >
              {PRIVACY_TEXT.download}
            </Button>
          </Stack>
          <Separator />
          <Stack gap="3">
            <Heading as="h3" size="md" id="account-delete-heading">
              {PRIVACY_TEXT.deleteHeading}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {PRIVACY_TEXT.deleteHelp}
            </Text>
            <AccountDeleteForm username={username} />
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
