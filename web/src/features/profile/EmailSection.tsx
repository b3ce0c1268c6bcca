import { Card, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { EmailChangeForm } from './EmailChangeForm';
import { EmailVerificationNotice } from './EmailVerificationNotice';

/**
 * The "Email address" section of /profile (the address and its badge are in the card above):
 * "Send again" while it is unconfirmed, and changing it (with the password, or a passkey when the
 * account has one).
 */
export function EmailSection({ email, verified }: { email: string | null; verified: boolean }) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="email-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="email-heading">
          Email address
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {email
            ? 'Where DRX sends your receipts, booking mails and password reset links.'
            : 'Your account has no email address. Add one to be able to reset a forgotten password.'}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {email && !verified && (
            <>
              <EmailVerificationNotice email={email} />
              <Separator />
            </>
          )}
          <Heading as="h3" size="sm" id="email-change-heading">
            {email ? 'Change email' : 'Add an email address'}
          </Heading>
          <EmailChangeForm hasEmail={Boolean(email)} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
