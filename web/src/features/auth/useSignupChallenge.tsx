import { createElement, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { loadAltchaWidget } from './signupChallengeWidget';

/** Where the widget fetches a challenge (GET, public; api/src/modules/auth/signup-challenge.route.ts). */
export const SIGNUP_CHALLENGE_URL = '/api/altcha/challenge';

/** How long a submission waits for a solution before it goes without one (the server may not need it). */
const WAIT_MS = 30_000;

export interface SignupChallenge {
  /** The (hidden) widget, to render inside the form. */
  widget: ReactNode;
  /**
   * A solved challenge for the next registration: the one solved in the background since the form
   * was shown, else solved now (about a second); undefined when this browser cannot solve one.
   */
  solution: () => Promise<string | undefined>;
  /** Forgets the solution (it was sent: each admits one registration) and solves a new one. */
  renew: () => void;
}

/**
 * The sign-up proof-of-work challenge of the registration form: the server asks for one once an
 * address has registered a few accounts in the hour (a class on the studio's Wi-Fi). The widget
 * loads after the form is shown and solves a challenge in a worker at once, invisibly, so the
 * solution is ready by the time the person submits; they never see it.
 */
export function useSignupChallenge(): SignupChallenge {
  const [ready, setReady] = useState(false);
  const element = useRef<AltchaWidgetElement | null>(null);
  const pending = useRef<Promise<string | undefined> | null>(null);

  useEffect(() => {
    let live = true;
    loadAltchaWidget().then(
      () => live && setReady(true),
      () => undefined, // no widget (offline, an old browser): registrations go without a solution
    );
    return () => {
      live = false;
    };
  }, []);

  const solve = useCallback((): Promise<string | undefined> => {
    const widget = element.current;
    if (!widget) return Promise.resolve(undefined);
    const attempt: Promise<string | undefined> = widget.verify().then(
      (result) => result?.payload ?? undefined,
      () => undefined,
    );
    pending.current = attempt;
    // A failed attempt is not kept: the next submission tries again.
    void attempt.then((payload) => {
      if (!payload && pending.current === attempt) pending.current = null;
    });
    return attempt;
  }, []);

  // Once the widget is there: configure it and solve the first challenge.
  const attach = useCallback(
    (widget: AltchaWidgetElement | null) => {
      element.current = widget;
      if (!widget) return;
      void widget
        .configure({ humanInteractionSignature: false, hideFooter: true, hideLogo: true, minDuration: 0 })
        .then(() => solve());
      // An expired challenge's solution is refused: solve a new one.
      widget.addEventListener('expired', () => {
        pending.current = null;
        void solve();
      });
    },
    [solve],
  );

  const solution = useCallback(async () => {
    const current = pending.current ?? solve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), WAIT_MS);
    });
    try {
      return await Promise.race([current, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }, [solve]);

  const renew = useCallback(() => {
    pending.current = null;
    void solve();
  }, [solve]);

  const widget = ready
    ? createElement('altcha-widget', {
        ref: attach,
        challenge: SIGNUP_CHALLENGE_URL,
        auto: 'off',
        name: 'altcha',
        hidden: true,
        'data-testid': 'signup-challenge',
      })
    : null;

  return { widget, solution, renew };
}
