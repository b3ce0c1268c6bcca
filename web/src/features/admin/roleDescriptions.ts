/** What each role value (spec section 3) may do in DRX, in one line, for the admin roles page. */
export const ROLE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  admin: 'Everything: manages users and their roles, all content, settings and the deployment.',
  curriculum_officer:
    'Reviews curriculum resources, manages resource categories and sellers, and enters the admin area.',
  curriculum_admin: 'Looks after the curriculum store: its catalogue of resources and their categories.',
  moderator: 'Keeps the community tidy: reviews and moderates reviews, messages and member content.',
  seller: 'Sells curriculum resources in their own store and receives the payouts.',
  instructor: 'Teaches courses, issues certificates and takes Connect bookings.',
  student: 'Enrols in courses and works through their lessons and quizzes.',
  user: 'Member: browses and buys courses and resources, and books instructors.',
  booking: 'Takes part in Connect bookings.',
  booking_provider: 'Offers sessions that members book through Connect.',
  booking_client: 'Books sessions with instructors and providers through Connect.',
};

/** The one-line description of a role value; unknown values get a neutral line. */
export function roleDescription(role: string): string {
  return Object.hasOwn(ROLE_DESCRIPTIONS, role) ? ROLE_DESCRIPTIONS[role] : 'No description yet.';
}

export interface RoleCount {
  role: string;
  count: number;
}

/**
 * One row per role: every value of `roles` in its given order with its count (0 when nobody
 * holds it), then any counted role missing from `roles`.
 */
export function roleRows(roles: readonly string[], counts: readonly RoleCount[]): RoleCount[] {
  const byRole = new Map(counts.map((c) => [c.role, c.count]));
  const rows = roles.map((role) => ({ role, count: byRole.get(role) ?? 0 }));
  const known = new Set(roles);
  return [...rows, ...counts.filter((c) => !known.has(c.role)).map((c) => ({ ...c }))];
}
