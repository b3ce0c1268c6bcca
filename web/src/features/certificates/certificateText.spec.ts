import { describe, expect, it } from 'vitest';
import {
  certificatePdfPath,
  charactersLeft,
  formatCertificateDate,
  type MergeFields,
  normalizeCertificateNumber,
  renderSegments,
  renderTemplateText,
  safeAccent,
  sampleMergeFields,
  unknownPlaceholders,
  verifyPath,
} from './certificateText';

const FIELDS: MergeFields = {
  studentName: 'Mia Member',
  courseTitle: 'Ballet Basics',
  issuedOn: 'November 21, 2026',
  certificateNumber: 'DRX-2026-7K3QF9XH',
  instructorName: 'Ines Instructor',
};

describe('renderTemplateText', () => {
  it('replaces known placeholders and keeps unknown ones visible', () => {
    expect(renderTemplateText('{{studentName}} finished {{ courseTitle }} ({{grade}})', FIELDS)).toBe(
      'Mia Member finished Ballet Basics ({{grade}})',
    );
  });

  it('leaves markup as text (React escapes it when rendering)', () => {
    expect(renderTemplateText('<b>{{studentName}}</b>', { ...FIELDS, studentName: '<i>x</i>' })).toBe(
      '<b><i>x</i></b>',
    );
  });

  it('does not expand placeholders inside values', () => {
    expect(renderTemplateText('{{studentName}}', { ...FIELDS, studentName: '{{courseTitle}}' })).toBe(
      '{{courseTitle}}',
    );
  });
});

describe('renderSegments', () => {
  it('marks the merged pieces', () => {
    expect(renderSegments('Hi {{studentName}}!', FIELDS)).toEqual([
      { text: 'Hi ', placeholder: null },
      { text: 'Mia Member', placeholder: 'studentName' },
      { text: '!', placeholder: null },
    ]);
    expect(renderSegments('', FIELDS)).toEqual([]);
    expect(renderSegments('{{toString}}', FIELDS)).toEqual([{ text: '{{toString}}', placeholder: null }]);
  });
});

describe('unknownPlaceholders', () => {
  it('lists each unknown name once', () => {
    expect(unknownPlaceholders('{{a}} {{studentName}} {{ b }} {{a}}')).toEqual(['a', 'b']);
  });
});

describe('formatCertificateDate', () => {
  it('prints the UTC day like the PDF, and nothing for missing or bad values', () => {
    expect(formatCertificateDate('2026-11-21T23:59:00.000Z')).toBe('November 21, 2026');
    expect(formatCertificateDate(null)).toBe('');
    expect(formatCertificateDate('soon')).toBe('');
  });
});

describe('helpers', () => {
  it('has sample data for every placeholder', () => {
    const sample = sampleMergeFields(new Date('2026-03-05T12:00:00Z'));
    expect(sample.issuedOn).toBe('March 5, 2026');
    expect(Object.values(sample).every(Boolean)).toBe(true);
  });

  it('falls back to DRX purple for a colour that is not #rrggbb', () => {
    expect(safeAccent('#0F766E')).toBe('#0F766E');
    expect(safeAccent('red')).toBe('#6b46c1');
    expect(safeAccent('#fff')).toBe('#6b46c1');
    expect(safeAccent(null)).toBe('#6b46c1');
  });

  it('builds the PDF and verification paths', () => {
    expect(certificatePdfPath('abc')).toBe('/api/certificates/abc/pdf');
    expect(verifyPath(' DRX-2026-7K3QF9XH ')).toBe('/verify/DRX-2026-7K3QF9XH');
  });

  it('normalises a typed number', () => {
    expect(normalizeCertificateNumber(' drx-2026-7k3q f9xh ')).toBe('DRX-2026-7K3QF9XH');
  });

  it('counts characters left', () => {
    expect(charactersLeft('abc', 5)).toBe('2 characters left');
    expect(charactersLeft('abcd', 5)).toBe('1 character left');
    expect(charactersLeft('abcdef', 5)).toBe('1 character too many');
    expect(charactersLeft('abcdefg', 5)).toBe('2 characters too many');
  });
});
