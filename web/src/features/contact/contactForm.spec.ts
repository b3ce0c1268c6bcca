import { describe, expect, it } from 'vitest';
import { emptyContact, outcomeOf, toContactInput, validateContact, type ContactValues } from './contactForm';

const filled = (overrides: Partial<ContactValues> = {}): ContactValues => ({
  name: 'Gia Guest',
  email: 'gia@example.com',
  subject: 'Group lessons',
  message: 'Do you teach groups?',
  website: '',
  ...overrides,
});

describe('validateContact', () => {
  it('accepts a filled form', () => {
    expect(validateContact(filled())).toEqual({});
  });

  it('names every blank field, spaces counting as blank', () => {
    expect(validateContact(emptyContact())).toEqual({
      name: 'Your name is required.',
      email: 'Your email address is required.',
      subject: 'The subject is required.',
      message: 'Your message is required.',
    });
    expect(validateContact(filled({ message: '   \n ' }))).toEqual({ message: 'Your message is required.' });
  });

  it('refuses addresses the server would refuse, lists included', () => {
    for (const email of [
      'gia',
      'gia@example',
      'gia @example.com',
      'a@example.com,b@example.com',
      'Gia <g@x.io>',
    ]) {
      expect(validateContact(filled({ email })), email).toEqual({
        email: 'Enter a valid email address, like name@example.com.',
      });
    }
    expect(validateContact(filled({ email: '  o.brien+dance@studio.example.org ' }))).toEqual({});
  });

  it('applies the server’s length limits to the trimmed text', () => {
    expect(validateContact(filled({ name: 'n'.repeat(101) })).name).toBe(
      'Your name can be at most 100 characters.',
    );
    expect(validateContact(filled({ message: `  ${'m'.repeat(5000)}  ` }))).toEqual({});
    expect(validateContact(filled({ message: 'm'.repeat(5001) })).message).toMatch(/at most 5000/);
  });

  it('does not look at the honeypot', () => {
    expect(validateContact(filled({ website: 'https://spam.example' }))).toEqual({});
  });
});

describe('toContactInput', () => {
  it('trims the fields and passes the honeypot through', () => {
    expect(toContactInput(filled({ name: ' Gia ', message: '\nHi\n', website: 'x' }))).toEqual({
      name: 'Gia',
      email: 'gia@example.com',
      subject: 'Group lessons',
      message: 'Hi',
      website: 'x',
    });
  });
});

describe('emptyContact', () => {
  it('prefills the signed-in member’s name and address', () => {
    expect(emptyContact({ name: 'Mia Member', email: null })).toEqual({
      name: 'Mia Member',
      email: '',
      subject: '',
      message: '',
      website: '',
    });
  });
});

describe('outcomeOf', () => {
  it('puts field errors next to their fields and the rest on the form', () => {
    expect(
      outcomeOf([
        { code: 'INVALID_INPUT', field: 'email', message: 'Bad address.' },
        { code: 'INVALID_INPUT', field: 'email', message: 'Second.' },
        { code: 'RATE_LIMITED', field: null, message: 'Please wait.' },
        { code: 'INVALID_INPUT', field: 'website', message: 'Odd.' },
      ]),
    ).toEqual({ fieldErrors: { email: 'Bad address.' }, formError: 'Please wait.' });
    expect(outcomeOf([])).toEqual({ fieldErrors: {}, formError: null });
  });
});
