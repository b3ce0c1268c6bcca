import { cspNonce } from '../../styleCache';

interface TemplatedElement {
  getTemplateHTML?: (...args: unknown[]) => string;
  __drxNonced?: boolean;
}

/**
 * media-chrome writes each element's shadow DOM from an HTML string holding a `<style>`; the page's
 * Content-Security-Policy (style-src 'self' + nonce, no 'unsafe-inline') refuses such inline styles
 * unless they carry the page's nonce. This puts the nonce on them, once per element class.
 */
export function nonceMediaChrome(): void {
  const nonce = cspNonce();
  if (!nonce || typeof customElements === 'undefined') return;
  for (const name of MEDIA_ELEMENTS) {
    const element = customElements.get(name) as unknown as TemplatedElement | undefined;
    if (!element?.getTemplateHTML || element.__drxNonced) continue;
    const original = element.getTemplateHTML.bind(element);
    element.getTemplateHTML = (...args: unknown[]) =>
      original(...args).replace(/<style(?=[\s>])/g, `<style nonce="${nonce}"`);
    element.__drxNonced = true;
  }
}

/** The media-chrome elements the practice player uses. */
const MEDIA_ELEMENTS = [
  'media-controller',
  'media-control-bar',
  'media-play-button',
  'media-seek-backward-button',
  'media-time-range',
  'media-time-display',
  'media-mute-button',
  'media-volume-range',
  'media-captions-button',
  'media-pip-button',
  'media-fullscreen-button',
  'media-loading-indicator',
  'media-poster-image',
  'media-tooltip',
  'media-gesture-receiver',
  'media-preview-time-display',
];
