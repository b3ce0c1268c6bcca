/**
 * How the page shows what the entry did before the app is here (issue 30), in a style sheet the
 * entry adds (with the page's CSP nonce): the header's early cart count (earlyCart.ts) and the
 * pressed, busy look of a control whose press waits for the app (earlyInput.ts). Only attributes of
 * the server's nodes are set (`data-early-count`, `data-early-pending`, `aria-busy`): React adopts
 * the page without comparing them, and the marks are taken off when the app takes over.
 */
const RULES = `
[data-early-count]::after{content:attr(data-early-count);position:absolute;top:calc(var(--chakra-spacing-1,.25rem)*-1);right:calc(var(--chakra-spacing-1,.25rem)*-1);display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;min-width:var(--chakra-sizes-5,1.25rem);height:var(--chakra-sizes-5,1.25rem);padding-inline:var(--chakra-spacing-1\\.5,.375rem);border-radius:9999px;background:var(--chakra-colors-brand-solid,#6b46c1);color:var(--chakra-colors-brand-contrast,#fff);font-size:var(--chakra-font-sizes-xs,.75rem);font-weight:var(--chakra-font-weights-medium,500);line-height:1;pointer-events:none}
[data-early-count]:has([data-testid="cart-count"])::after{content:none}
[data-early-pending]{cursor:progress!important;opacity:.75}
button[data-early-pending]{color:transparent!important}
button[data-early-pending]::before{content:"";position:absolute;top:50%;left:50%;box-sizing:border-box;width:1.1em;height:1.1em;margin:-.55em 0 0 -.55em;border:2px solid var(--drx-early-color,currentColor);border-right-color:transparent;border-radius:50%;animation:drx-early-spin .6s linear infinite}
@keyframes drx-early-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){button[data-early-pending]::before{animation-duration:1.8s}}
`;

/** Adds the style sheet once, with the nonce of the page's entry script. */
export function addEarlyStyles(nonce: string): void {
  if (document.getElementById('drx-early-styles')) return;
  const style = document.createElement('style');
  style.id = 'drx-early-styles';
  style.nonce = nonce;
  style.textContent = RULES;
  document.head.append(style);
}
