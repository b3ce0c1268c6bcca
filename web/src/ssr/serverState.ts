/**
 * What a server-rendered page hands the browser (api/src/http/server-render.ts writes it, main.tsx
 * reads it): the graph cache the render filled, in `<script type="application/json" id=…>`.
 */
export const SERVER_STATE_ID = 'drx-server-state';

let hydrating = false;
/** The state taken, kept for the entry's early parts until the app has adopted the page. */
let taken: Record<string, unknown> | null = null;

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
    taken = state;
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

/**
 * The server's graph cache as it came with the page, for the entry's early parts (a member's
 * early cart dropdown: memberCartState.ts): from its script while the app has not taken it, else
 * what the app took. Null when the page came without one.
 */
export function renderedServerState(doc: Document = document): Record<string, unknown> | null {
  const script = doc.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return taken;
  try {
    return JSON.parse(script.textContent) as Record<string, unknown>;
  } catch {
    return null;
  }
}
