/**
 * Initials from a full name: the first letter of the first and of the last word,
 * uppercased, at most two characters. "ada lovelace" → "AL", "Cher" → "C", "" → "".
 */
export function getInitials(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = firstLetter(words[0]);
  const last = words.length > 1 ? firstLetter(words[words.length - 1]) : '';
  return Array.from((first + last).toUpperCase())
    .slice(0, 2)
    .join('');
}

function firstLetter(word: string): string {
  // Array.from splits by code point, so letters outside the BMP stay whole.
  return Array.from(word)[0] ?? '';
}
