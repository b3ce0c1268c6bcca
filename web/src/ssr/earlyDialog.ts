/**
 * A modal dialog the page's entry draws itself before the app is here (issue 30): the guest's
 * mobile menu (earlyMenu.ts) and the phones' catalogue filters (earlyFilterDialog.ts). It is outside
 * React's root (a sibling of `#root`: nothing for the app's adoption of the page to compare), over a
 * backdrop; Escape or a press on the backdrop dismisses it, Tab stays within it, and closing gives
 * focus back to the button that opened it.
 */

/** Everything the entry draws itself is inside such an element: earlyInput.ts keeps no press there. */
export const EARLY_ISLAND = 'data-early-island';

const FOCUSABLE = 'a[href], button:not(:disabled), select:not(:disabled), input:not(:disabled)';

export interface EarlyDialog {
  /** The dialog's outermost element (the island). */
  root: HTMLElement;
  /** Closes it and gives focus back to its trigger. */
  close: () => void;
}

/**
 * Shows `panel` (its content, its class and its label already set) as a modal dialog opened by
 * `trigger`. Escape and a press beside it call `dismiss` (default: close).
 */
export function showEarlyDialog(
  id: string,
  panel: HTMLElement,
  trigger: HTMLElement,
  dismiss?: (dialog: EarlyDialog) => void,
): EarlyDialog {
  const root = document.createElement('div');
  root.id = id;
  root.setAttribute(EARLY_ISLAND, '');
  const backdrop = document.createElement('div');
  backdrop.className = 'drx-early-menu-backdrop';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'true');
  root.append(backdrop, panel);

  const dialog: EarlyDialog = {
    root,
    close: () => {
      root.remove();
      document.removeEventListener('keydown', onKey, true);
      trigger.setAttribute('aria-expanded', 'false');
      if (trigger.isConnected) trigger.focus();
    },
  };
  const onDismiss = () => (dismiss ?? ((d: EarlyDialog) => d.close()))(dialog);
  // Escape dismisses; Tab stays within the dialog.
  function onKey(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDismiss();
    } else if (event.key === 'Tab') {
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
      event.preventDefault();
      items[next]?.focus();
    }
  }
  backdrop.addEventListener('click', onDismiss);
  document.addEventListener('keydown', onKey, true);
  document.body.append(root);
  trigger.setAttribute('aria-expanded', 'true');
  return dialog;
}
