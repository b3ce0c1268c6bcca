import { useMutation, useQuery } from '@apollo/client/react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useCallback, useState } from 'react';
import { settle } from '../account';
import { answerWithPasskey, type PasskeyAnswer } from './answerWithPasskey';
import { MyPasskeysQueryDocument, PasskeyConfirmationOptionsMutationDocument } from './passkeyDocuments';
import { PASSKEY_UI_TEXT } from './passkeyText';

/**
 * "Use a passkey instead" where a change needs my password (the email, deleting the account):
 * `available` when I have a passkey and the browser can use it (the list is the passkeys section's,
 * shared through the cache); `confirm()` gets the server's options and the browser's answer, to be
 * sent with the change as `passkeyResponse`.
 */
export function usePasskeyConfirmation() {
  const { data } = useQuery(MyPasskeysQueryDocument);
  const [getOptions] = useMutation(PasskeyConfirmationOptionsMutationDocument);
  const [confirming, setConfirming] = useState(false);
  const available = Boolean(data?.myPasskeys.length) && browserSupportsWebAuthn();

  const confirm = useCallback(async (): Promise<PasskeyAnswer> => {
    setConfirming(true);
    try {
      const options = await settle(getOptions().then(({ data: d }) => d?.passkeyConfirmationOptions));
      if (!options.ok) return { problem: options.errors[0]?.message ?? PASSKEY_UI_TEXT.failed };
      if (!options.payload.options) return { problem: PASSKEY_UI_TEXT.failed };
      return await answerWithPasskey(options.payload.options);
    } finally {
      setConfirming(false);
    }
  }, [getOptions]);

  return { available, confirming, confirm };
}
