/** A role value as a readable label: 'curriculum_officer' → 'Curriculum officer'. */
export function roleLabel(role: string): string {
  const words = role.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : role;
}

/** A member-since date in long US form ('March 4, 2025'); '' when missing or invalid. */
export function memberSince(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}
