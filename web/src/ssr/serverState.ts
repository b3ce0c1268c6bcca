/**
 * What a server-rendered page hands the browser (api/src/http/server-render.ts writes it, main.tsx
 * reads it): the graph cache the render filled, in `<script type="application/json" id=…>`.
 */
export const SERVER_STATE_ID = 'drx-server-state';

let hydrating = false;

/**
 * The server's graph cache when this page came rendered from the server, else null. Read once,
 * before the app first renders; from then on {@link startedFromServerHtml} says which it was.
 */
export function takeServerState(): Record<string, unknown> | null {
  const script = typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  script.remove();
  try {
    const state = JSON.parse(script.textContent) as Record<string, unknown>;
    hydrating = true;
    return state;
  } catch {
    return null;
  }
}

/**
 * True when the app adopts server-rendered HTML: its first render must then be the server's
 * (nothing read from browser storage until after it), or React throws that HTML away.
 */
export function startedFromServerHtml(): boolean {
  return hydrating;
}
