import { Alert } from '@chakra-ui/react';

/** A form's errors that name none of its fields (e.g. too many attempts), above the form. */
export function FormProblems({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        {messages.map((message, index) => (
          <Alert.Title key={index}>{message}</Alert.Title>
        ))}
      </Alert.Content>
    </Alert.Root>
  );
}
