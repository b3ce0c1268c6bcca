import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** Shown when a page fails to load or crashes while rendering. */
export default function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="5" align="center" textAlign="center">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">
          This page could not be shown. Please reload the page; if the problem continues, try again later.
        </Text>
        {detail ? (
          <Text fontSize="sm" color="fg.subtle">
            {detail}
          </Text>
        ) : null}
        <Stack direction="row" gap="3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button asChild variant="outline">
            <RouterLink to="/">Back to home</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
