/**
 * The header's mobile menu before the app is here (issue 30). For a guest it holds links only (the
 * main navigation, Sign In, Get Started: layouts/MobileMenu.tsx), so the page's entry opens a menu
 * of its own at the tap instead of keeping the press until the app has come: a dialog outside
 * React's root (`#root` is React's; this is a sibling), with the same links as plain links. It
 * closes with its Close button, Escape or a press beside it, and gives focus back to the menu
 * button. A signed-in member's menu (their account links, Sign Out) waits for the app.
 */
import { HEADER_NAV_ITEMS, isNavItemActive } from '../layouts/navItems';

/** The header's menu button (MobileMenu marks it). */
export const EARLY_MENU_SELECTOR = 'button[data-early-menu]';
/** Everything the entry draws itself is inside such an element: earlyInput.ts keeps no press there. */
export const EARLY_ISLAND = 'data-early-island';

const FOCUSABLE = 'a[href], button';

function link(href: string, label: string, className: string, current = false): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  a.className = className;
  if (current) a.setAttribute('aria-current', 'page');
  return a;
}

/** Opens the guest's menu; false (for a member) leaves the press to the app. */
export function openEarlyMenu(trigger: HTMLElement, signedIn: boolean): boolean {
  if (signedIn) return false;
  if (document.getElementById('drx-early-menu')) return true;

  const root = document.createElement('div');
  root.id = 'drx-early-menu';
  root.setAttribute(EARLY_ISLAND, '');
  const backdrop = document.createElement('div');
  backdrop.className = 'drx-early-menu-backdrop';
  const panel = document.createElement('div');
  panel.className = 'drx-early-menu-panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'true');
  panel.setAttribute('aria-labelledby', 'drx-early-menu-title');
  const title = document.createElement('h2');
  title.id = 'drx-early-menu-title';
  title.className = 'drx-early-menu-title';
  title.textContent = 'Menu';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'drx-early-menu-close';
  close.setAttribute('aria-label', 'Close menu');
  close.textContent = '×';
  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', 'Mobile');
  nav.className = 'drx-early-menu-nav';
  for (const item of HEADER_NAV_ITEMS) {
    nav.append(link(item.to, item.label, 'drx-early-menu-link', isNavItemActive(item, location.pathname)));
  }
  const footer = document.createElement('div');
  footer.className = 'drx-early-menu-footer';
  footer.append(
    link('/auth', 'Sign In', 'drx-early-menu-button drx-early-menu-outline'),
    link('/register', 'Get Started', 'drx-early-menu-button drx-early-menu-solid'),
  );
  panel.append(title, nav, footer, close);
  root.append(backdrop, panel);

  const shut = () => {
    root.remove();
    document.removeEventListener('keydown', onKey, true);
    trigger.setAttribute('aria-expanded', 'false');
    if (trigger.isConnected) trigger.focus();
  };
  // Escape closes; Tab stays within the menu (a modal dialog).
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      shut();
    } else if (event.key === 'Tab') {
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
      event.preventDefault();
      items[next]?.focus();
    }
  };
  close.addEventListener('click', shut);
  backdrop.addEventListener('click', shut);
  document.addEventListener('keydown', onKey, true);
  document.body.append(root);
  trigger.setAttribute('aria-expanded', 'true');
  close.focus();
  return true;
}
