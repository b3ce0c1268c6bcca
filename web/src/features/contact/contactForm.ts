/** The contact form's fields, checks and the mapping of the server's answer (pure logic). */

export type ContactField = 'name' | 'email' | 'subject' | 'message';

export type ContactValues = Record<ContactField, string> & {
  /** The honeypot: people never see it, so it stays empty unless a bot fills it. */
  website: string;
};

export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/** The server's limits (api/src/modules/inbox/contact-input.ts). */
export const CONTACT_MAX: Record<ContactField, number> = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
};

const LABELS: Record<ContactField, string> = {
  name: 'Your name',
  email: 'Your email address',
  subject: 'The subject',
  message: 'Your message',
};

/** One plain address (no list, no display name), as the server accepts it. */
const EMAIL_PATTERN = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;

export function emptyContact(prefill: { name?: string | null; email?: string | null } = {}): ContactValues {
  return { name: prefill.name ?? '', email: prefill.email ?? '', subject: '', message: '', website: '' };
}

/** The same checks as the server, so most mistakes show before sending; {} when all is well. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const text = values[field].trim();
    if (!text) errors[field] = `${LABELS[field]} is required.`;
    else if (text.length > CONTACT_MAX[field]) {
      errors[field] = `${LABELS[field]} can be at most ${CONTACT_MAX[field]} characters.`;
    }
  }
  if (!errors.email && !EMAIL_PATTERN.test(values.email.trim())) {
    errors.email = 'Enter a valid email address, like name@example.com.';
  }
  return errors;
}

/** The mutation's input: trimmed values and the honeypot as it is. */
export function toContactInput(values: ContactValues) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
    website: values.website,
  };
}

export interface UserErrorLike {
  code: string;
  field?: string | null;
  message: string;
}

export interface ContactOutcome {
  /** Messages next to the fields the server named. */
  fieldErrors: ContactErrors;
  /** A message for the whole form (rate limit, an error without a field), or null. */
  formError: string | null;
}

const isContactField = (field: string | null | undefined): field is ContactField =>
  !!field && (CONTACT_FIELDS as readonly string[]).includes(field);

/** Splits the server's userErrors into field messages and one form message. */
export function outcomeOf(userErrors: readonly UserErrorLike[]): ContactOutcome {
  const fieldErrors: ContactErrors = {};
  let formError: string | null = null;
  for (const error of userErrors) {
    if (isContactField(error.field)) fieldErrors[error.field] ??= error.message;
    else formError ??= error.message;
  }
  return { fieldErrors, formError };
}
