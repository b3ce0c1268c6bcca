/**
 * Marks a page whose times are shown in `zone`: on a page the server rendered, the browser then
 * starts the app at once when the visitor reads times in another zone (ssr/appStart.ts), instead
 * of showing the server's zone until their first use of the page.
 */
export function RenderedTimeZone({ zone }: { zone: string }) {
  return <span hidden data-rendered-time-zone={zone} suppressHydrationWarning />;
}
