import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for tests: an EC P-256 key made with node:crypto, and the
 * bytes a real one returns — 'none' attestation (authenticatorData with the credential's COSE key)
 * on create, and a signed authenticatorData + clientDataJSON on get — shaped as
 * @simplewebauthn/browser returns them (base64url JSON). It answers whatever it is asked for
 * `origin`, so a test can play a phishing site by giving another origin.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** An AAGUID nobody uses: the passkey is named after the browser. */
const AAGUID = Buffer.alloc(16);

export interface SoftwareCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

function u32(value: number): Buffer {
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(value);
  return buf;
}

function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(key);
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  /** Answers `startRegistration`'s options: a new credential, as the browser's JSON. */
  create(
    optionsJSON: string,
    origin: string,
    { counter = 0, userVerified = true }: { counter?: number; userVerified?: boolean } = {},
  ): { json: string; credential: SoftwareCredential } {
    const options = JSON.parse(optionsJSON) as {
      challenge: string;
      rp: { id: string };
      user: { id: string };
    };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_AT]),
      u32(counter),
      AAGUID,
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      coseKeyOf(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const credential: SoftwareCredential = {
      id: b64url(id),
      privateKey,
      userHandle: options.user.id,
      rpId: options.rp.id,
      counter,
    };
    this.credentials.push(credential);
    const json = JSON.stringify({
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
    return { json, credential };
  }

  /**
   * Answers `startAuthentication`'s options with `credential` (its counter grows by one unless it
   * keeps none), signed for `origin`. `as` overrides what it claims: another credential's id or
   * user handle, as a forger would.
   */
  get(
    optionsJSON: string,
    origin: string,
    credential: SoftwareCredential,
    as: { id?: string; userHandle?: string; rpId?: string } = {},
  ): string {
    const options = JSON.parse(optionsJSON) as { challenge: string };
    if (credential.counter > 0) credential.counter += 1;
    const authenticatorData = Buffer.concat([
      sha256(as.rpId ?? credential.rpId),
      Buffer.from([FLAG_UP | FLAG_UV]),
      u32(credential.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    const id = as.id ?? credential.id;
    return JSON.stringify({
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: as.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}
