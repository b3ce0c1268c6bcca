import { createElement, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { loadAltchaWidget } from './signupChallengeWidget';

/** Where the widget fetches a challenge (GET, public; api/src/modules/auth/signup-challenge.route.ts). */
export const SIGNUP_CHALLENGE_URL = '/api/altcha/challenge';

/** How long a submission waits for a solution before it goes without one (the server may not need it). */
const WAIT_MS = 30_000;

/** No human-interaction data, nothing shown, no artificial delay. */
const WIDGET_CONFIGURATION = JSON.stringify({
  humanInteractionSignature: false,
  hideFooter: true,
  hideLogo: true,
  minDuration: 0,
});

/** Resolves true once the widget's methods are there (false if they never come within 10 s). */
function mounted(widget: AltchaWidgetElement): Promise<boolean> {
  const ready = () => typeof widget.verify === 'function';
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (ready()) resolve(true);
      else if (Date.now() - started > 10_000) resolve(false);
      else setTimeout(check, 20);
    };
    check();
  });
}

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
  // The widget once it is loaded and configured (null: it could not load), for a submission that
  // comes first (the person was quick, or pressed the button before the app took over the page).
  const [attached] = useState(() => {
    let resolve!: (widget: AltchaWidgetElement | null) => void;
    const promise = new Promise<AltchaWidgetElement | null>((done) => (resolve = done));
    return { promise, resolve };
  });

  useEffect(() => {
    let live = true;
    loadAltchaWidget().then(
      () => live && setReady(true),
      // No widget (offline, an old browser): registrations go without a solution.
      () => attached.resolve(null),
    );
    return () => {
      live = false;
    };
  }, [attached]);

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

  // Once the widget has mounted (its methods exist a moment after it is in the page): solve the
  // first challenge.
  const attach = useCallback(
    (widget: AltchaWidgetElement | null) => {
      element.current = widget;
      if (!widget) return;
      void mounted(widget).then((ok) => {
        attached.resolve(ok ? widget : null);
        if (ok && !pending.current) void solve();
      });
      // An expired challenge's solution is refused: solve a new one.
      widget.addEventListener('expired', () => {
        pending.current = null;
        void solve();
      });
    },
    [attached, solve],
  );

  const solution = useCallback(async () => {
    const current = attached.promise.then((widget) => (widget ? (pending.current ?? solve()) : undefined));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), WAIT_MS);
    });
    try {
      return await Promise.race([current, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }, [attached, solve]);

  const renew = useCallback(() => {
    pending.current = null;
    if (element.current) void solve();
  }, [solve]);

  const widget = ready
    ? createElement('altcha-widget', {
        ref: attach,
        challenge: SIGNUP_CHALLENGE_URL,
        auto: 'off',
        name: 'altcha',
        configuration: WIDGET_CONFIGURATION,
        hidden: true,
        'data-testid': 'signup-challenge',
      })
    : null;

  return { widget, solution, renew };
}
