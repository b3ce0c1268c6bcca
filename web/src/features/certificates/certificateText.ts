/**
 * Certificate texts on the web, the same rules as the server's PDF: `{{placeholders}}` in a
 * template's heading and body are replaced by the certificate's merge fields; unknown ones stay
 * visible. React escapes what it renders, so no HTML is produced here.
 */

export const TEMPLATE_PLACEHOLDERS = [
  'studentName',
  'courseTitle',
  'issuedOn',
  'certificateNumber',
  'instructorName',
] as const;

export type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type MergeFields = Record<Placeholder, string>;

/** What a placeholder stands for, for the template editor's help text. */
export const PLACEHOLDER_HELP: Record<Placeholder, string> = {
  studentName: "the student's name",
  courseTitle: 'the course title',
  issuedOn: 'the issue date',
  certificateNumber: 'the certificate number',
  instructorName: "the course instructor's name",
};

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function isPlaceholder(name: string): name is Placeholder {
  return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}

/** One piece of a rendered text: plain template text, or the value of a known placeholder. */
export interface TextSegment {
  text: string;
  placeholder: Placeholder | null;
}

/** Splits a template text into plain and merged pieces (unknown placeholders stay plain text). */
export function renderSegments(text: string, fields: MergeFields): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1];
    if (!isPlaceholder(name)) continue;
    const start = match.index ?? 0;
    if (start > last) segments.push({ text: text.slice(last, start), placeholder: null });
    segments.push({ text: fields[name], placeholder: name });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), placeholder: null });
  return segments;
}

/** The text with its known placeholders replaced. */
export function renderTemplateText(text: string, fields: MergeFields): string {
  return renderSegments(text, fields)
    .map((s) => s.text)
    .join('');
}

/** Unknown placeholder names of a text, once each, in order (the server refuses them). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) if (!isPlaceholder(match[1])) unknown.add(match[1]);
  return [...unknown];
}

/** A date as certificates print it, e.g. "November 21, 2026" (the UTC calendar day, like the PDF). */
export function formatCertificateDate(value: unknown): string {
  if (!(value instanceof Date) && typeof value !== 'string') return '';
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** Sample values for the template editor's live preview. */
export function sampleMergeFields(today: Date = new Date()): MergeFields {
  return {
    studentName: 'Alex Rivera',
    courseTitle: 'Foundations of Teaching Dance',
    issuedOn: formatCertificateDate(today),
    certificateNumber: 'DRX-2026-7K3QF9XH',
    instructorName: 'Ines Instructor',
  };
}

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The accent colour to draw with: the template's when it is a #rrggbb colour, else DRX purple. */
export function safeAccent(colour: string | null | undefined): string {
  return colour && HEX_COLOUR.test(colour) ? colour : '#6b46c1';
}

/** Where the PDF of a certificate downloads from (a same-site link that sends the session). */
export function certificatePdfPath(id: string): string {
  return `/api/certificates/${encodeURIComponent(id)}/pdf`;
}

/** The public verification page of a number, as a path of this site. */
export function verifyPath(number: string): string {
  return `/verify/${encodeURIComponent(number.trim())}`;
}

/** A number as a person may type it: trimmed, upper-cased, without spaces. */
export function normalizeCertificateNumber(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

/** Characters left of a limited text, for counters ("12 characters left"). */
export function charactersLeft(text: string, limit: number): string {
  const left = limit - text.length;
  if (left < 0) return `${-left} character${left === -1 ? '' : 's'} too many`;
  return `${left} character${left === 1 ? '' : 's'} left`;
}
