import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** Stands in for a page whose feature ships in a later release. */
export default function RoutePlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack gap="5" align="flex-start">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">This area of DRX is coming soon — we are still building it.</Text>
        <Button asChild variant="outline">
          <RouterLink to="/">Back to home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
