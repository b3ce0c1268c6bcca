import { useMutation } from '@apollo/client/react';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useCallback, useState } from 'react';
import { queueToastForNextPage } from '../../ui/toaster';
import { settle } from '../account';
import { AUTH_TEXT, afterAuthPath } from '../auth';
import { PasskeySignInMutationDocument, PasskeySignInOptionsMutationDocument } from './passkeyDocuments';
import { browserPasskeyProblem, isAbort, PASSKEY_UI_TEXT } from './passkeyText';

/**
 * Signs in with a passkey: the server's options (a single-use challenge), the browser's prompt
 * (`signIn`, from the button) or its autofill offer on the username field (`offerAutofill`,
 * conditional mediation), then the server's check. Success reloads the app where sign-in goes
 * (`?returnTo=` or /dashboard), as a password sign-in does.
 */
export function usePasskeySignIn() {
  const [getOptions] = useMutation(PasskeySignInOptionsMutationDocument);
  const [verify] = useMutation(PasskeySignInMutationDocument);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = useCallback(
    async (autofill: boolean): Promise<void> => {
      const options = await settle(getOptions().then(({ data }) => data?.passkeySignInOptions));
      if (!options.ok || !options.payload.options) {
        if (!autofill) setProblem(options.ok ? PASSKEY_UI_TEXT.failed : (options.errors[0]?.message ?? ''));
        return;
      }
      let response;
      try {
        response = await startAuthentication({
          optionsJSON: JSON.parse(options.payload.options),
          useBrowserAutofill: autofill,
        });
      } catch (error) {
        // The autofill offer is cancelled whenever the button starts its own prompt: nothing to say.
        if (!(autofill && isAbort(error))) setProblem(browserPasskeyProblem(error));
        return;
      }
      setBusy(true);
      const outcome = await settle(
        verify({ variables: { input: { response: JSON.stringify(response) } } }).then(
          ({ data }) => data?.passkeySignIn,
        ),
      );
      if (!outcome.ok || !outcome.payload.user) {
        setBusy(false);
        setProblem(
          outcome.ok ? PASSKEY_UI_TEXT.failed : (outcome.errors[0]?.message ?? PASSKEY_UI_TEXT.failed),
        );
        return;
      }
      queueToastForNextPage({
        title: AUTH_TEXT.loginSuccessTitle,
        description: AUTH_TEXT.loginSuccessDescription,
        type: 'success',
      });
      window.location.assign(afterAuthPath(window.location.search));
    },
    [getOptions, verify],
  );

  const signIn = useCallback(async () => {
    setProblem(null);
    if (!browserSupportsWebAuthn()) {
      setProblem(PASSKEY_UI_TEXT.unsupported);
      return;
    }
    setBusy(true);
    try {
      await run(false);
    } finally {
      setBusy(false);
    }
  }, [run]);

  const offerAutofill = useCallback(async () => {
    if (!(await browserSupportsWebAuthnAutofill())) return;
    await run(true);
  }, [run]);

  return { signIn, offerAutofill, cancel: () => WebAuthnAbortService.cancelCeremony(), busy, problem };
}
