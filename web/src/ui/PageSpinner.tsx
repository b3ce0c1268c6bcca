import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** A centred spinner for a page (or route) that is still loading, with an optional caption. */
export function PageSpinner({ label, minHeight = '50vh' }: { label?: string; minHeight?: string }) {
  return (
    <Center minHeight={minHeight} width="full" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted">{label ?? 'Loading...'}</Text>
      </Stack>
    </Center>
  );
}
