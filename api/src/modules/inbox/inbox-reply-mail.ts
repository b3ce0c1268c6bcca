import type { MailMessage } from '../mail';

export interface ContactOriginal {
  name: string | null;
  email: string;
  subject: string | null;
  body: string | null;
  createdAt: Date;
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** `> `-quotes every line of `text` (an empty line becomes `>`). */
export function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** The mail that answers a contact message: the reply, then the original message quoted. */
export function replyMail(original: ContactOriginal, reply: string): MailMessage {
  const subject = original.subject?.trim() || 'your message';
  const greeting = original.name?.trim() ? `Hello ${original.name.trim()},\n\n` : '';
  const text = [
    `${greeting}${reply}`,
    '',
    '— The DRX team',
    '',
    `On ${WHEN.format(original.createdAt)} UTC you wrote:`,
    quote(original.body ?? ''),
    '',
  ].join('\n');
  return {
    to: original.email,
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    text,
  };
}
