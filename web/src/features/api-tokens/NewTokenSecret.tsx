import { SecretReveal } from '../../ui/SecretReveal';

/** A new token's secret, shown this once (the server keeps only its hash), until dismissed. */
export function NewTokenSecret({
  name,
  secret,
  onDismiss,
}: {
  name: string;
  secret: string;
  onDismiss: () => void;
}) {
  return (
    <SecretReveal
      title={`Your new token “${name}”`}
      note="Copy this token now. You will not be able to see it again."
      label={`The token “${name}”`}
      secret={secret}
      hint="Send it as Authorization: Bearer <token>."
      dismissLabel="I have copied it"
      onDismiss={onDismiss}
      testId="new-token-secret"
    />
  );
}
