/**
 * The header's mobile menu before the app is here (issue 30). For a guest it holds links only (the
 * main navigation, Sign In, Get Started: layouts/MobileMenu.tsx), so the page's entry opens a menu
 * of its own at the tap instead of keeping the press until the app has come: a dialog outside
 * React's root (`#root` is React's; this is a sibling), with the same links as plain links. It
 * closes with its Close button, Escape or a press beside it, and gives focus back to the menu
 * button. A signed-in member's menu (their account links, Sign Out) waits for the app.
 */
import { HEADER_NAV_ITEMS, isNavItemActive } from '../layouts/navItems';
import { showEarlyDialog } from './earlyDialog';

/** The header's menu button (MobileMenu marks it). */
export const EARLY_MENU_SELECTOR = 'button[data-early-menu]';

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

  const panel = document.createElement('div');
  panel.className = 'drx-early-menu-panel';
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

  const dialog = showEarlyDialog('drx-early-menu', panel, trigger);
  close.addEventListener('click', dialog.close);
  close.focus();
  return true;
}
