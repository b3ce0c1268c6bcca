import { DomainError } from '../../graphql/errors';

/** Limits of the contact form (the inbox_items checks). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/**
 * One plain address: the reply is mailed to it, so no commas, semicolons, angle brackets, double quotes or
 * spaces that would make it a list or a display name.
 */
const ATOM = String.raw`[^\s@,;:<>()\[\]"\\]+`;
export const CONTACT_EMAIL_PATTERN = new RegExp(`^${ATOM}@${ATOM}\\.${ATOM}$`);

export interface ContactFields {
  name?: string | null;
  email?: string | null;
  subject?: string | null;
  message?: string | null;
}

export interface CleanContact {
  name: string;
  email: string;
  subject: string;
  message: string;
}

function required(value: string | null | undefined, field: keyof CleanContact, label: string): string {
  const text = value?.trim() ?? '';
  if (!text) throw new DomainError('INVALID_INPUT', `${label} is required.`, field);
  const max = CONTACT_LIMITS[field];
  if (text.length > max)
    throw new DomainError('INVALID_INPUT', `${label} can be at most ${max} characters.`, field);
  return text;
}

/** Trims and checks the contact form; throws INVALID_INPUT naming the first field at fault. */
export function validateContact(input: ContactFields): CleanContact {
  const name = required(input.name, 'name', 'Your name');
  const email = required(input.email, 'email', 'Your email address');
  if (!CONTACT_EMAIL_PATTERN.test(email)) {
    throw new DomainError('INVALID_INPUT', 'Enter a valid email address, like name@example.com.', 'email');
  }
  const subject = required(input.subject, 'subject', 'The subject');
  // A line break in a subject would end up in the reply's Subject header: keep it on one line.
  const message = required(input.message, 'message', 'Your message');
  return { name, email, subject: subject.replace(/\s+/g, ' '), message };
}
