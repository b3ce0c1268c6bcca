import type { RequestHandler } from 'express';
import type { ContextFactory } from '../../graphql/context';
import { createSignupChallenge } from './signup-challenge';

/**
 * GET /api/altcha/challenge — public: a new signed sign-up challenge (signup-challenge.ts) as the
 * ALTCHA widget reads it, `{ parameters, signature }`, never cached. Its solution goes with a
 * registration as `altcha` once the address owes one. Counted by the general per-address rate
 * limit like every /api call.
 */
export function signupChallengeRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const { config } = await createContext(req, res);
      const challenge = await createSignupChallenge(config.sessionSecret);
      res.setHeader('Cache-Control', 'no-store');
      res.json(challenge);
    } catch (error) {
      next(error);
    }
  };
}
