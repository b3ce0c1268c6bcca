import { createHmac } from 'node:crypto';
import type { Challenge, Solution } from 'altcha-lib' with { 'resolution-mode': 'import' };
import { DomainError } from '../../graphql/errors';

/** altcha-lib and its Node PBKDF2 are ES modules: imported once, on first use. */
const loadAltcha = () => Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/pbkdf2')]);
let altchaLib: ReturnType<typeof loadAltcha> | undefined;
const altcha = () => (altchaLib ??= loadAltcha());

/**
 * The sign-up proof-of-work challenge (ALTCHA v2, `altcha-lib`): what an address that has registered
 * a few accounts in the hour solves for each further one (RegistrationThrottle). A browser solves it
 * in about a second without the person noticing (the `altcha` widget on the form); a script's
 * hundreds of sign-ups a minute each cost the same work.
 *
 * PBKDF2/SHA-256 (WebCrypto in every browser, so a phone solves it natively in a Web Worker) in the
 * deterministic mode: the server picks the counter the solver must reach (COUNTER_MIN..COUNTER_MAX
 * attempts of COST iterations each, ≈ 2 million iterations on average: about half a second on one
 * laptop core, about a second on a phone with its workers) and signs the derived key, so verifying
 * is two HMACs, no key derivation. Each challenge is signed (HMAC-SHA-256 with a key derived from
 * the session secret) and expires after EXPIRES_IN_SECONDS; its nonce is recorded when used, so a
 * solution is good for one registration (the unique key of signup_challenge_solutions).
 */
export const SIGNUP_CHALLENGE = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5_000,
  counterMin: 200,
  counterMax: 600,
  expiresInSeconds: 20 * 60,
} as const;

/** Where clients fetch a challenge (REST, public). */
export const SIGNUP_CHALLENGE_PATH = '/api/altcha/challenge';

export const CHALLENGE_REQUIRED_MESSAGE =
  `Several accounts have been registered from your network in the last hour: solve the sign-up challenge ` +
  `from GET ${SIGNUP_CHALLENGE_PATH} and send its solution as \`altcha\`.`;
export const CHALLENGE_INVALID_MESSAGE = `The sign-up challenge solution is not valid. Solve a new challenge from GET ${SIGNUP_CHALLENGE_PATH}.`;
export const CHALLENGE_EXPIRED_MESSAGE = `The sign-up challenge has expired. Solve a new challenge from GET ${SIGNUP_CHALLENGE_PATH}.`;
export const CHALLENGE_USED_MESSAGE = `This sign-up challenge solution has already been used. Solve a new challenge from GET ${SIGNUP_CHALLENGE_PATH}.`;

/** The challenge-signing keys, derived from the session secret (one setting fewer to keep safe). */
function keys(sessionSecret: string) {
  const derive = (label: string) => createHmac('sha256', sessionSecret).update(label).digest('hex');
  return {
    hmacSignatureSecret: derive('drx signup challenge'),
    hmacKeySignatureSecret: derive('drx signup challenge key'),
  };
}

/** A new signed challenge, as the `altcha` widget expects it from its `challenge` URL. */
export async function createSignupChallenge(sessionSecret: string): Promise<Challenge> {
  const [{ createChallenge, randomInt }, { deriveKey }] = await altcha();
  return createChallenge({
    algorithm: SIGNUP_CHALLENGE.algorithm,
    cost: SIGNUP_CHALLENGE.cost,
    counter: randomInt(SIGNUP_CHALLENGE.counterMax, SIGNUP_CHALLENGE.counterMin),
    deriveKey,
    expiresAt: new Date(Date.now() + SIGNUP_CHALLENGE.expiresInSeconds * 1000),
    ...keys(sessionSecret),
  });
}

/** A verified solution: the challenge's nonce (recorded so it is used once) and its expiry. */
export interface VerifiedSolution {
  nonce: string;
  expiresAt: Date;
}

function decode(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!parsed || typeof parsed !== 'object') return null;
    const { challenge, solution } = parsed as { challenge?: Challenge; solution?: Solution };
    const parameters = challenge?.parameters;
    if (!parameters || typeof parameters !== 'object' || typeof parameters.nonce !== 'string') return null;
    if (!solution || typeof solution !== 'object') return null;
    return { challenge, solution } as { challenge: Challenge; solution: Solution };
  } catch {
    return null;
  }
}

/**
 * Checks a solution payload (the widget's base64 JSON `{ challenge, solution }`): signed by this
 * server, not expired, solved. Throws CHALLENGE_FAILED with the reason otherwise. Does not record
 * it: RegistrationThrottle does, in the transaction that counts the registration.
 */
export async function verifySignupSolution(
  payload: string,
  sessionSecret: string,
): Promise<VerifiedSolution> {
  const decoded = payload.length <= 8_000 ? decode(payload) : null;
  if (!decoded) throw new DomainError('CHALLENGE_FAILED', CHALLENGE_INVALID_MESSAGE, 'altcha');
  const { challenge, solution } = decoded;
  const { expiresAt } = challenge.parameters;
  // Every challenge this server issues expires; one without an expiry is not ours.
  if (typeof expiresAt !== 'number')
    throw new DomainError('CHALLENGE_FAILED', CHALLENGE_INVALID_MESSAGE, 'altcha');
  const [{ verifySolution }, { deriveKey }] = await altcha();
  let result;
  try {
    result = await verifySolution({ challenge, solution, deriveKey, ...keys(sessionSecret) });
  } catch {
    // Malformed parameters (an unknown algorithm, odd hex): not a solution of ours.
    throw new DomainError('CHALLENGE_FAILED', CHALLENGE_INVALID_MESSAGE, 'altcha');
  }
  if (result.expired) throw new DomainError('CHALLENGE_FAILED', CHALLENGE_EXPIRED_MESSAGE, 'altcha');
  if (!result.verified) throw new DomainError('CHALLENGE_FAILED', CHALLENGE_INVALID_MESSAGE, 'altcha');
  return { nonce: challenge.parameters.nonce, expiresAt: new Date(expiresAt * 1000) };
}
