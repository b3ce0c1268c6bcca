import { Alert } from '@chakra-ui/react';

/**
 * A refusal of the list's latest filters while the last rows stay shown (the frame shows errors
 * only when nothing was loaded yet), so the rows are not mistaken for the filtered result.
 */
export function StaleListError({ error, shown }: { error?: { message: string } | null; shown: boolean }) {
  if (!error || !shown) return null;
  return (
    <Alert.Root status="error" data-testid="list-error">
      <Alert.Indicator />
      <Alert.Title>
        These filters could not be applied ({error.message}); the list below is the previous one.
      </Alert.Title>
    </Alert.Root>
  );
}
