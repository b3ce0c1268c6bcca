import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** Shown for every path the app does not know. */
export default function NotFoundPage() {
  useDocumentTitle('Not found');
  const { pathname } = useLocation();
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.solid" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">
          We couldn’t find a page at <Text as="code">{pathname}</Text>. It may have moved, or the link may be
          mistyped.
        </Text>
        <Button asChild>
          <RouterLink to="/">Go to the home page</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
