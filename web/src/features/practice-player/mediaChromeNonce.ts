import * as MediaChrome from 'media-chrome';
import * as MediaChromeMenu from 'media-chrome/menu';
import { cspNonce } from '../../styleCache';

type TemplateHTML = (...args: unknown[]) => string;

const patched = new WeakSet<object>();

/**
 * media-chrome writes each element's shadow DOM from an HTML string holding a `<style>`; the page's
 * Content-Security-Policy (style-src 'self' + nonce, no 'unsafe-inline') refuses such inline styles
 * unless they carry the page's nonce. This puts the nonce on them: every media-chrome class that
 * defines its own `getTemplateHTML` (subclasses inherit the wrapped one) is wrapped once, before any
 * element is made (the menus of `media-chrome/menu` too: the captions menu). Nested elements' templates (a button's tooltip) are wrapped with their own class.
 */
export function nonceMediaChrome(): void {
  const nonce = cspNonce();
  if (!nonce) return;
  for (const value of [...Object.values(MediaChrome), ...Object.values(MediaChromeMenu)]) {
    if (typeof value !== 'function' || patched.has(value)) continue;
    if (!Object.prototype.hasOwnProperty.call(value, 'getTemplateHTML')) continue;
    const element = value as unknown as { getTemplateHTML: TemplateHTML };
    const original = element.getTemplateHTML;
    element.getTemplateHTML = function (this: unknown, ...args: unknown[]) {
      return original
        .apply(this, args)
        .replace(/<style(?![^>]*\bnonce=)(?=[\s>])/g, `<style nonce="${nonce}"`);
    };
    patched.add(value);
  }
}
