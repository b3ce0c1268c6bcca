import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed playback URL works (the player fetches a fresh one with the lesson). */
export const PLAYBACK_URL_SECONDS = 10 * 60;
/** The signer part of a guest's signature (free preview videos only). */
export const GUEST_SIGNER = 'guest';

/** The signed part of a playback URL's query: expiry, the signer and the signature. */
export interface PlaybackGrant {
  exp: number;
  u: string;
  sig: string;
}

/** A key of its own, derived from the session secret (a leaked playback signature says nothing of sessions). */
function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`drx-video-playback\u0000${secret}`).digest();
}

function signature(secret: string, videoId: string, signer: string, exp: number): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${videoId}\u0000${signer}\u0000${exp}`)
    .digest('base64url');
}

/**
 * A grant to play one video (every file under `/api/videos/<videoId>/`: path-scoped to the video)
 * for `signerId` (a user id, or GUEST_SIGNER) until `now + PLAYBACK_URL_SECONDS`. Each request with
 * it is still checked against the signer's current entitlement (video-access.ts).
 */
export function signPlayback(
  secret: string,
  videoId: string,
  signerId: string | null,
  nowMs = Date.now(),
): PlaybackGrant {
  const u = signerId ?? GUEST_SIGNER;
  const exp = Math.floor(nowMs / 1000) + PLAYBACK_URL_SECONDS;
  return { exp, u, sig: signature(secret, videoId, u, exp) };
}

export function grantQuery(grant: PlaybackGrant): string {
  return `exp=${grant.exp}&u=${encodeURIComponent(grant.u)}&sig=${grant.sig}`;
}

/** Why a grant was refused, or null when it is valid for this video now. */
export function verifyPlayback(
  secret: string,
  videoId: string,
  query: Record<string, unknown>,
  nowMs = Date.now(),
): { signer: string } | { refused: string } {
  const { exp, u, sig } = query;
  if (
    typeof exp !== 'string' ||
    typeof u !== 'string' ||
    typeof sig !== 'string' ||
    !/^\d{1,12}$/.test(exp)
  ) {
    return { refused: 'This video link is not signed' };
  }
  const expected = Buffer.from(signature(secret, videoId, u, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { refused: 'This video link is not valid' };
  }
  if (Number(exp) * 1000 <= nowMs) return { refused: 'This video link has expired; reload the lesson' };
  return { signer: u };
}
