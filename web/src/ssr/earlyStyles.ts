/**
 * How the page shows what the entry did before the app is here (issue 30), in a style sheet the
 * entry adds (with the page's CSP nonce): the header's early cart count (earlyCart.ts), the
 * pressed, busy look of a control whose press waits for the app (earlyInput.ts), a catalogue's
 * results being updated and its "Updating results…" (earlyFilters.ts), and the guest's early
 * mobile menu (earlyMenu.ts), cart dropdown (earlyCartDropdown.ts) and phones' filters
 * (earlyFilterDialog.ts), outside React's root. Only attributes of the server's nodes are set
 * (`data-early-count`, `data-early-pending`, `data-early-updating`, `aria-busy`): React adopts the
 * page without comparing them, and the marks are taken off when the app takes over.
 */
const RULES = `
[data-early-count]::after{content:attr(data-early-count);position:absolute;top:calc(var(--chakra-spacing-1,.25rem)*-1);right:calc(var(--chakra-spacing-1,.25rem)*-1);display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;min-width:var(--chakra-sizes-5,1.25rem);height:var(--chakra-sizes-5,1.25rem);padding-inline:var(--chakra-spacing-1\\.5,.375rem);border-radius:9999px;background:var(--chakra-colors-brand-solid,#6b46c1);color:var(--chakra-colors-brand-contrast,#fff);font-size:var(--chakra-font-sizes-xs,.75rem);font-weight:var(--chakra-font-weights-medium,500);line-height:1;pointer-events:none}
[data-early-pending]{cursor:progress!important;opacity:.75}
button[data-early-pending]{color:transparent!important}
button[data-early-pending]::before{content:"";position:absolute;top:50%;left:50%;box-sizing:border-box;width:1.1em;height:1.1em;margin:-.55em 0 0 -.55em;border:2px solid var(--drx-early-color,currentColor);border-right-color:transparent;border-radius:50%;animation:drx-early-spin .6s linear infinite}
@keyframes drx-early-spin{to{transform:rotate(360deg)}}
#drx-early-menu,#drx-early-filters{position:fixed;inset:0;z-index:1400}
.drx-early-menu-backdrop{position:absolute;inset:0;background:rgba(0,0,0,.4)}
.drx-early-menu-panel{position:absolute;top:0;right:0;bottom:0;display:flex;flex-direction:column;gap:var(--chakra-spacing-4,1rem);box-sizing:border-box;width:min(20rem,85vw);padding:var(--chakra-spacing-6,1.5rem);overflow-y:auto;background:var(--chakra-colors-bg-panel,#fff);color:var(--chakra-colors-fg,#18181b);box-shadow:var(--chakra-shadows-lg,0 10px 30px rgba(0,0,0,.2));font-size:var(--chakra-font-sizes-md,1rem)}
.drx-early-menu-title{margin:0;font-size:var(--chakra-font-sizes-lg,1.125rem);font-weight:var(--chakra-font-weights-semibold,600)}
.drx-early-menu-close{position:absolute;top:var(--chakra-spacing-3,.75rem);right:var(--chakra-spacing-3,.75rem);width:2rem;height:2rem;border:0;border-radius:var(--chakra-radii-l2,.25rem);background:transparent;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer}
.drx-early-menu-nav{display:flex;flex-direction:column;gap:var(--chakra-spacing-1,.25rem);flex:1}
.drx-early-menu-link{display:block;padding:var(--chakra-spacing-2,.5rem) var(--chakra-spacing-3,.75rem);border-radius:var(--chakra-radii-l2,.25rem);color:inherit;text-decoration:none;font-weight:var(--chakra-font-weights-medium,500)}
.drx-early-menu-link[aria-current=page]{background:var(--chakra-colors-brand-subtle,#ede9fe);color:var(--chakra-colors-brand-fg,#6d28d9)}
.drx-early-menu-footer{display:flex;flex-direction:column;gap:var(--chakra-spacing-2,.5rem)}
.drx-early-menu-button{display:flex;align-items:center;justify-content:center;height:var(--chakra-sizes-10,2.5rem);border:1px solid var(--chakra-colors-border,#e4e4e7);border-radius:var(--chakra-radii-l2,.25rem);text-decoration:none;font-size:var(--chakra-font-sizes-sm,.875rem);font-weight:var(--chakra-font-weights-medium,500);color:inherit}
.drx-early-menu-solid{border-color:transparent;background:var(--chakra-colors-brand-solid,#7c3aed);color:var(--chakra-colors-brand-contrast,#fff)}
#drx-early-cart{position:fixed;inset:0;z-index:1400;pointer-events:none}
.drx-early-cart-panel{position:fixed;display:flex;flex-direction:column;gap:var(--chakra-spacing-3,.75rem);box-sizing:border-box;width:min(24rem,90vw);padding:var(--chakra-spacing-4,1rem);border-radius:var(--chakra-radii-l3,.375rem);background:var(--chakra-colors-bg-panel,#fff);color:var(--chakra-colors-fg,#18181b);box-shadow:var(--chakra-shadows-lg,0 10px 30px rgba(0,0,0,.2));font-size:var(--chakra-font-sizes-sm,.875rem);pointer-events:auto;outline:none}
.drx-early-cart-heading{margin:0;font-size:var(--chakra-font-sizes-lg,1.125rem);font-weight:var(--chakra-font-weights-bold,700)}
.drx-early-cart-empty{margin:0;padding:var(--chakra-spacing-6,1.5rem) 0;text-align:center;color:var(--chakra-colors-fg-muted,#71717a)}
.drx-early-cart-lines{display:flex;flex-direction:column;gap:var(--chakra-spacing-3,.75rem);max-height:300px;overflow-y:auto;margin:0;padding:0 var(--chakra-spacing-1,.25rem) 0 0;list-style:none}
.drx-early-cart-line{display:flex;gap:var(--chakra-spacing-3,.75rem);align-items:center}
.drx-early-cart-about{display:flex;flex-direction:column;gap:var(--chakra-spacing-1,.25rem);flex:1;min-width:0}
.drx-early-cart-title{margin:0;font-weight:var(--chakra-font-weights-medium,500)}
.drx-early-cart-muted{margin:0;font-size:var(--chakra-font-sizes-xs,.75rem);color:var(--chakra-colors-fg-muted,#71717a)}
.drx-early-cart-quantity{display:flex;align-items:center;gap:var(--chakra-spacing-1,.25rem)}
.drx-early-cart-count{min-width:1.5rem;text-align:center}
.drx-early-cart-end{display:flex;flex-direction:column;align-items:flex-end;gap:var(--chakra-spacing-1,.25rem)}
.drx-early-cart-price,.drx-early-cart-strong{margin:0;font-weight:var(--chakra-font-weights-semibold,600)}
.drx-early-cart-icon{width:1.5rem;height:1.5rem;border:1px solid var(--chakra-colors-border,#e4e4e7);border-radius:var(--chakra-radii-l2,.25rem);background:transparent;color:inherit;line-height:1;cursor:pointer}
.drx-early-cart-icon:disabled{opacity:.5;cursor:not-allowed}
.drx-early-cart-total{display:flex;justify-content:space-between;padding-top:var(--chakra-spacing-3,.75rem);border-top:1px solid var(--chakra-colors-border,#e4e4e7)}
.drx-early-cart-footer{display:flex;flex-direction:column;gap:var(--chakra-spacing-3,.75rem)}
.drx-early-cart-button{display:flex;align-items:center;justify-content:center;height:var(--chakra-sizes-9,2.25rem);border:1px solid var(--chakra-colors-border,#e4e4e7);border-radius:var(--chakra-radii-l2,.25rem);text-decoration:none;font-weight:var(--chakra-font-weights-medium,500);color:inherit}
.drx-early-cart-solid{border-color:transparent;background:var(--chakra-colors-brand-solid,#7c3aed);color:var(--chakra-colors-brand-contrast,#fff)}
.drx-early-cart-solid:disabled{width:100%;opacity:.5;cursor:not-allowed}
[data-early-updating]{opacity:.45;cursor:progress}
#drx-early-status{position:fixed;left:50%;bottom:var(--chakra-spacing-6,1.5rem);z-index:1500;display:flex;align-items:center;gap:var(--chakra-spacing-2,.5rem);padding:var(--chakra-spacing-2,.5rem) var(--chakra-spacing-4,1rem);border-radius:9999px;background:var(--chakra-colors-gray-900,#18181b);color:#fff;box-shadow:var(--chakra-shadows-lg,0 10px 30px rgba(0,0,0,.2));font-size:var(--chakra-font-sizes-sm,.875rem);font-weight:var(--chakra-font-weights-medium,500);transform:translateX(-50%);white-space:nowrap}
#drx-early-status:empty{display:none}
#drx-early-status::before{content:"";box-sizing:border-box;width:1em;height:1em;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:drx-early-spin .6s linear infinite}
.drx-early-filters-panel{right:auto;left:0;padding-top:var(--chakra-spacing-12,3rem)}
.drx-early-filters-show{flex-shrink:0;width:100%;margin-top:auto;font:inherit;font-weight:var(--chakra-font-weights-medium,500);cursor:pointer}
@media (prefers-reduced-motion:reduce){button[data-early-pending]::before,#drx-early-status::before{animation-duration:1.8s}}
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
