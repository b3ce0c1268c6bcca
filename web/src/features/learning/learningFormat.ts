/** How an enrollment began, for people: 'free' → 'Free', 'granted' → 'Granted'. */
export function sourceLabel(source: string): string {
  return source ? source[0].toUpperCase() + source.slice(1) : source;
}
