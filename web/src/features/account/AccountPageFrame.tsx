import { Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The narrow centred card of the account pages reached from a mail or from /auth (forgot and reset
 * password, confirm email), as /auth looks; `footer`: a link below the card.
 */
export function AccountPageFrame({
  title,
  intro,
  children,
  footer = { to: '/auth', label: 'Back to sign in' },
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: { to: string; label: string } | null;
}) {
  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {intro && <Text color="fg.muted">{intro}</Text>}
        </Stack>
        <Card.Root>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
        {footer && (
          <Text textAlign="center" textStyle="sm">
            <Link asChild colorPalette="blue" variant="underline">
              <RouterLink to={footer.to}>{footer.label}</RouterLink>
            </Link>
          </Text>
        )}
      </Stack>
    </Container>
  );
}
