import { describe, expect, it } from 'vitest';
import {
  formatIssuedOn,
  type MergeFields,
  personName,
  renderTemplateText,
  unknownPlaceholders,
  verificationUrl,
} from './certificate-text';

const FIELDS: MergeFields = {
  studentName: 'Mia Member',
  courseTitle: 'Foundations of Teaching Dance',
  issuedOn: 'November 21, 2026',
  certificateNumber: 'DRX-2026-7K3QF9XH',
  instructorName: 'Ines Instructor',
};

describe('renderTemplateText', () => {
  it('replaces every known placeholder, each time it occurs', () => {
    expect(
      renderTemplateText(
        '{{studentName}} completed {{courseTitle}} on {{issuedOn}} ({{certificateNumber}}), taught by {{instructorName}}. Well done, {{studentName}}!',
        FIELDS,
      ),
    ).toBe(
      'Mia Member completed Foundations of Teaching Dance on November 21, 2026 (DRX-2026-7K3QF9XH), taught by Ines Instructor. Well done, Mia Member!',
    );
  });

  it('accepts spaces inside the braces', () => {
    expect(renderTemplateText('Hello {{ studentName }}', FIELDS)).toBe('Hello Mia Member');
  });

  it('leaves unknown placeholders visible, and inherited names are not placeholders', () => {
    expect(renderTemplateText('{{studentname}} {{grade}} {{toString}} {{constructor}}', FIELDS)).toBe(
      '{{studentname}} {{grade}} {{toString}} {{constructor}}',
    );
  });

  it('does not escape HTML (the web app escapes what it renders)', () => {
    expect(renderTemplateText('<b>{{studentName}}</b>', { ...FIELDS, studentName: 'A & <B>' })).toBe(
      '<b>A & <B></b>',
    );
  });

  it('does not expand placeholders inside merged values', () => {
    expect(renderTemplateText('{{studentName}}', { ...FIELDS, studentName: '{{courseTitle}}' })).toBe(
      '{{courseTitle}}',
    );
  });

  it('keeps text without placeholders and a lone brace as it is', () => {
    expect(renderTemplateText('Certificate {{ of Completion }', FIELDS)).toBe(
      'Certificate {{ of Completion }',
    );
  });
});

describe('unknownPlaceholders', () => {
  it('lists unknown names once, in order', () => {
    expect(unknownPlaceholders('{{grade}} {{studentName}} {{ score }} {{grade}}')).toEqual([
      'grade',
      'score',
    ]);
  });

  it('is empty for known placeholders only', () => {
    expect(
      unknownPlaceholders(
        '{{studentName}}{{courseTitle}}{{issuedOn}}{{certificateNumber}}{{instructorName}}',
      ),
    ).toEqual([]);
  });
});

describe('formatIssuedOn', () => {
  it('prints the UTC calendar day in US English', () => {
    expect(formatIssuedOn(new Date('2026-11-21T23:30:00Z'))).toBe('November 21, 2026');
    expect(formatIssuedOn(new Date('2027-01-01T00:00:00Z'))).toBe('January 1, 2027');
  });
});

describe('personName', () => {
  it('is the first and last name, else the username', () => {
    expect(personName({ firstName: 'Mia', lastName: 'Member', username: 'member' })).toBe('Mia Member');
    expect(personName({ firstName: ' Mia ', lastName: null, username: 'member' })).toBe('Mia');
    expect(personName({ firstName: '', lastName: '  ', username: 'member' })).toBe('member');
  });
});

describe('verificationUrl', () => {
  it('joins the public URL and the number', () => {
    expect(verificationUrl('https://drx.dance/', 'DRX-2026-7K3QF9XH')).toBe(
      'https://drx.dance/verify/DRX-2026-7K3QF9XH',
    );
  });
});
