import { startAuthentication } from '@simplewebauthn/browser';
import { browserPasskeyProblem } from './passkeyText';

/** The browser's answer to a passkey request (JSON for the server), or what to tell the person. */
export type PasskeyAnswer = { response: string } | { problem: string };

/**
 * Asks the browser to confirm it is me with one of the passkeys the server's options name (a
 * confirmation where a password would do: changing the email, linking a provider's sign-in).
 */
export async function answerWithPasskey(optionsJSON: string): Promise<PasskeyAnswer> {
  try {
    const answer = await startAuthentication({ optionsJSON: JSON.parse(optionsJSON) });
    return { response: JSON.stringify(answer) };
  } catch (error) {
    return { problem: browserPasskeyProblem(error) };
  }
}
