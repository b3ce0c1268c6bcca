import { Card, Heading, Text } from '@chakra-ui/react';
import { PasswordChangeForm } from './PasswordChangeForm';

/** The "Password" section of /profile. */
export function PasswordSection({ username }: { username: string }) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="password-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="password-heading">
          Change password
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          Your other sessions are signed out when the password changes, and we tell you by email.
        </Text>
      </Card.Header>
      <Card.Body>
        <PasswordChangeForm username={username} />
      </Card.Body>
    </Card.Root>
  );
}
