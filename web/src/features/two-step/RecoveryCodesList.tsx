import { Alert, Box, Button, Code, SimpleGrid, Stack } from '@chakra-ui/react';

/** Recovery codes, shown once: the person notes them, then closes the list. */
export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack gap="3">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Save these recovery codes now</Alert.Title>
          <Alert.Description>
            Each code signs you in once if you lose your authenticator app. They are not shown again.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box as="ul" aria-label="Recovery codes" listStyleType="none">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          {codes.map((code) => (
            <Box as="li" key={code}>
              <Code fontSize="md">{code}</Code>
            </Box>
          ))}
        </SimpleGrid>
      </Box>
      <Button alignSelf="start" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </Stack>
  );
}
