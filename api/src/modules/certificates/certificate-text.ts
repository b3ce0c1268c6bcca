import { TEMPLATE_PLACEHOLDERS } from './certificate-template.entity';

/** The values a certificate's texts are merged with. */
export interface MergeFields {
  studentName: string;
  courseTitle: string;
  issuedOn: string;
  certificateNumber: string;
  instructorName: string;
}

/** `{{ name }}` with optional inner spaces; the name is letters, digits and underscores. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * Replaces the known `{{placeholders}}` of a template text with the merge fields. Unknown
 * placeholders stay visible as written (so a typo shows on the certificate instead of vanishing).
 * No escaping: the PDF draws plain text and the web app's React escapes what it renders.
 */
export function renderTemplateText(text: string, fields: MergeFields): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(fields, name) && isPlaceholder(name)
      ? fields[name as keyof MergeFields]
      : whole,
  );
}

function isPlaceholder(name: string): boolean {
  return TEMPLATE_PLACEHOLDERS.includes(name);
}

/** The placeholders of a text that are not among {@link TEMPLATE_PLACEHOLDERS}, in order, once each. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!isPlaceholder(match[1])) unknown.add(match[1]);
  }
  return [...unknown];
}

/** The issue date as certificates print it, e.g. "November 21, 2026" (the UTC calendar day). */
export function formatIssuedOn(date: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A person's name as a certificate prints it: first and last name, else the username. */
export function personName(user: { firstName?: string | null; lastName?: string | null; username: string }) {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}

/** The public verification page's address for a certificate number. */
export function verificationUrl(publicUrl: string, number: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/${encodeURIComponent(number)}`;
}
