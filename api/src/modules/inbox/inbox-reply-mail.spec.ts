import { describe, expect, it } from 'vitest';
import { validateContact } from './contact-input';
import { quote, replyMail } from './inbox-reply-mail';

describe('replyMail', () => {
  const original = {
    name: 'Gia Guest',
    email: 'gia@example.com',
    subject: 'Group lessons',
    body: 'Hello!\n\nDo you teach groups?',
    createdAt: new Date('2026-11-27T09:30:00Z'),
  };

  it('greets the sender, gives the reply and quotes the original under its date', () => {
    const mail = replyMail(original, 'Yes, we do.');
    expect(mail.to).toBe('gia@example.com');
    expect(mail.subject).toBe('Re: Group lessons');
    expect(mail.text).toBe(
      [
        'Hello Gia Guest,',
        '',
        'Yes, we do.',
        '',
        '— The DRX team',
        '',
        'On 27 November 2026 at 09:30 UTC you wrote:',
        '> Hello!',
        '>',
        '> Do you teach groups?',
        '',
      ].join('\n'),
    );
  });

  it('does not stack "Re:" and copes with a missing name or subject', () => {
    expect(replyMail({ ...original, subject: 'RE: prices' }, 'x').subject).toBe('RE: prices');
    const bare = replyMail({ ...original, name: null, subject: null }, 'x');
    expect(bare.subject).toBe('Re: your message');
    expect(bare.text.startsWith('x\n')).toBe(true);
  });

  it('quotes Windows line ends too', () => {
    expect(quote('a\r\nb')).toBe('> a\n> b');
  });
});

describe('validateContact', () => {
  const ok = { name: ' Gia ', email: ' gia@example.com ', subject: 'Lessons\nfor kids', message: ' Hi ' };

  it('trims and keeps the subject on one line', () => {
    expect(validateContact(ok)).toEqual({
      name: 'Gia',
      email: 'gia@example.com',
      subject: 'Lessons for kids',
      message: 'Hi',
    });
  });

  it.each([
    ['name', { name: '' }],
    ['email', { email: 'gia' }],
    ['email', { email: 'Gia <gia@example.com>' }],
    ['email', { email: 'a@example.com;b@example.com' }],
    ['email', { email: `${'a'.repeat(250)}@x.io` }],
    ['subject', { subject: null }],
    ['message', { message: 'm'.repeat(5001) }],
  ])('names %s when it is wrong', (field, override) => {
    expect(() => validateContact({ ...ok, ...override })).toThrow(expect.objectContaining({ field }));
  });
});
