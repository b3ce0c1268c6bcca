import type { Request } from 'express';

export const SESSION_COOKIE = 'drx.sid';

/** Starts a fresh session for the user (new id: no session fixation). */
export function startSession(req: Request, userId: string): Promise<void> {
  return req.session.start(userId);
}

/** Destroys the session server-side and clears its cookie. */
export function endSession(req: Request): Promise<void> {
  return req.session.end();
}
