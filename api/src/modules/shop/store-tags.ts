import { AGE_GROUPS, SKILL_LEVELS } from '../reference';

/**
 * DRX's dance-style / age-group / skill-level tags of a store product, mapped from the store's own
 * tags: `style:<x>`, `age:<x>` and `level:<x>` (any case; `-`, `_` or spaces between words), and a
 * plain tag that names a DRX dance style (`Ballet`, `hip-hop`). A value naming a DRX list entry
 * becomes that entry (`style:hip-hop` → "Hip Hop", `level:beginner` → "Beginner", `age:kids` →
 * "Children (5-8)"); any other value is kept, its words capitalised (`style:salsa` → "Salsa").
 */

export interface DrxTags {
  danceStyles: string[];
  ageGroups: string[];
  skillLevels: string[];
}

/** The most tags of one kind a product keeps, and the longest tag. */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 60;

/** A comparable form of a name: lower case, letters and digits only (`Hip-Hop` → `hiphop`). */
export function tagSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Common store words for DRX's age groups. */
const AGE_SYNONYMS: Record<string, string> = {
  all: 'All Ages',
  allages: 'All Ages',
  everyone: 'All Ages',
  toddler: 'Toddler (2-4)',
  toddlers: 'Toddler (2-4)',
  child: 'Children (5-8)',
  children: 'Children (5-8)',
  kid: 'Children (5-8)',
  kids: 'Children (5-8)',
  preteen: 'Pre-Teen (9-12)',
  preteens: 'Pre-Teen (9-12)',
  tween: 'Pre-Teen (9-12)',
  tweens: 'Pre-Teen (9-12)',
  teen: 'Teen (13-17)',
  teens: 'Teen (13-17)',
  teenager: 'Teen (13-17)',
  teenagers: 'Teen (13-17)',
  adult: 'Adult (18+)',
  adults: 'Adult (18+)',
  senior: 'Senior (55+)',
  seniors: 'Senior (55+)',
};

const LEVEL_SYNONYMS: Record<string, string> = {
  beginners: 'Beginner',
  novice: 'Beginner',
  intermediates: 'Intermediate',
  advanced: 'Advanced',
  pro: 'Professional',
  professionals: 'Professional',
  mixed: 'Mixed Levels',
  alllevels: 'Mixed Levels',
};

/** `salsa-cubana` → "Salsa Cubana" (a value matching no DRX entry). */
function humanize(value: string): string {
  return value
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, MAX_TAG_LENGTH);
}

/** The DRX entry a value names (by its slug, its first word's slug, or a synonym), if any. */
function lookup(
  value: string,
  entries: readonly string[],
  synonyms: Record<string, string> = {},
): string | null {
  const slug = tagSlug(value);
  if (!slug) return null;
  for (const entry of entries) {
    if (tagSlug(entry) === slug) return entry;
  }
  for (const entry of entries) {
    // "Toddler (2-4)" is named by "toddler", "Mixed Levels" by "mixed-levels" (above).
    const head = entry.split(/\s*\(/)[0];
    if (tagSlug(head) === slug) return entry;
  }
  return synonyms[slug] ?? null;
}

function add(list: string[], value: string | null): void {
  if (value && list.length < MAX_TAGS && !list.some((v) => v.toLowerCase() === value.toLowerCase())) {
    list.push(value);
  }
}

/** Maps a product's store tags to DRX tags; `danceStyles` are the names of DRX's dance styles. */
export function mapStoreTags(storeTags: readonly string[], danceStyles: readonly string[]): DrxTags {
  const result: DrxTags = { danceStyles: [], ageGroups: [], skillLevels: [] };
  for (const raw of storeTags) {
    const tag = raw.trim();
    const match = /^(style|dance|age|level|skill)\s*:\s*(.+)$/i.exec(tag);
    if (!match) {
      add(result.danceStyles, lookup(tag, danceStyles));
      continue;
    }
    const kind = match[1].toLowerCase();
    const value = match[2].trim();
    if (!tagSlug(value)) continue;
    if (kind === 'style' || kind === 'dance') {
      add(result.danceStyles, lookup(value, danceStyles) ?? humanize(value));
    } else if (kind === 'age') {
      add(result.ageGroups, lookup(value, AGE_GROUPS, AGE_SYNONYMS) ?? humanize(value));
    } else {
      add(result.skillLevels, lookup(value, SKILL_LEVELS, LEVEL_SYNONYMS) ?? humanize(value));
    }
  }
  return result;
}

/**
 * Staff's tag list, cleaned: trimmed, blank and repeated (case-insensitively) entries dropped.
 * Returns an error message instead when it has too many or too long entries.
 */
export function cleanTagList(values: readonly string[]): string[] | string {
  const list: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, ' ');
    if (!value) continue;
    if (value.length > MAX_TAG_LENGTH) return `A tag can be at most ${MAX_TAG_LENGTH} characters.`;
    if (!list.some((v) => v.toLowerCase() === value.toLowerCase())) list.push(value);
  }
  if (list.length > MAX_TAGS) return `At most ${MAX_TAGS} tags of a kind.`;
  return list;
}
