import type { Request } from 'express';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
  }
}

/** Starts a fresh session for the user (new id: no session fixation). */
export function startSession(req: Request, userId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.userId = userId;
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

/** Destroys the session server-side. */
export function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}

export const SESSION_COOKIE = 'drx.sid';
