import { SecretReveal } from '../../ui/SecretReveal';

/** An endpoint's signing secret (whsec_…), with a Copy button, until hidden. */
export function WebhookSecret({
  title,
  note,
  secret,
  onDismiss,
}: {
  title: string;
  note: string;
  secret: string;
  onDismiss: () => void;
}) {
  return (
    <SecretReveal
      title={title}
      note={note}
      label="Signing secret"
      secret={secret}
      hint="Verify each request’s webhook-signature with it (see the API documentation)."
      dismissLabel="Hide"
      onDismiss={onDismiss}
      testId="webhook-secret"
    />
  );
}
