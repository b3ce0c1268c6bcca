import { useMutation } from '@apollo/client/react';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useCallback, useState } from 'react';
import { settle, type AccountUserError } from '../account';
import {
  MyPasskeysQueryDocument,
  PasskeyAddMutationDocument,
  PasskeyRegistrationOptionsMutationDocument,
} from './passkeyDocuments';
import { browserPasskeyProblem, PASSKEY_UI_TEXT } from './passkeyText';

export type PasskeyAddOutcome = { ok: true; name: string } | { ok: false; errors: AccountUserError[] };

/**
 * Adds a passkey: the server's options (which ask for the password when this session began more
 * than 10 minutes ago: a `currentPassword` error), the browser's prompt, then the server's check.
 * The new passkey is named by the server (its provider or this browser); the list refetches.
 */
export function usePasskeyAdd() {
  const [getOptions] = useMutation(PasskeyRegistrationOptionsMutationDocument);
  const [add] = useMutation(PasskeyAddMutationDocument, { refetchQueries: [MyPasskeysQueryDocument] });
  const [loading, setLoading] = useState(false);

  const addPasskey = useCallback(
    async (currentPassword: string | null): Promise<PasskeyAddOutcome> => {
      if (!browserSupportsWebAuthn()) {
        return { ok: false, errors: [{ code: 'UNSUPPORTED', message: PASSKEY_UI_TEXT.unsupported }] };
      }
      setLoading(true);
      try {
        const options = await settle(
          getOptions({ variables: { input: { currentPassword } } }).then(
            ({ data }) => data?.passkeyRegistrationOptions,
          ),
        );
        if (!options.ok) return options;
        let response;
        try {
          response = await startRegistration({ optionsJSON: JSON.parse(options.payload.options ?? 'null') });
        } catch (error) {
          return { ok: false, errors: [{ code: 'BROWSER', message: browserPasskeyProblem(error) }] };
        }
        const added = await settle(
          add({ variables: { input: { response: JSON.stringify(response) } } }).then(
            ({ data }) => data?.passkeyAdd,
          ),
        );
        if (!added.ok) return added;
        return { ok: true, name: added.payload.passkey?.name ?? '' };
      } finally {
        setLoading(false);
      }
    },
    [getOptions, add],
  );

  return { addPasskey, loading };
}
