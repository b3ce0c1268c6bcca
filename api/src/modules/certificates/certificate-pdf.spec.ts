import { describe, expect, it } from 'vitest';
import { type CertificatePdfInput, renderCertificatePdf } from './certificate-pdf';
import { extractPdfText } from './pdf-text';

function pdfOf(input: CertificatePdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = renderCertificatePdf(input);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const INPUT: CertificatePdfInput = {
  template: {
    heading: 'Certificate of Completion',
    body: 'This certifies that {{studentName}} has completed {{courseTitle}} on {{issuedOn}}. {{unknown}}',
    signatoryName: 'Ines Instructor',
    signatoryTitle: 'Lead Instructor, DRX',
    accentColor: '#0f766e',
  },
  fields: {
    studentName: 'Zoë Ångström-Łukasiewicz',
    courseTitle: 'Ballet Foundations',
    issuedOn: 'November 21, 2026',
    certificateNumber: 'DRX-2026-7K3QF9XH',
    instructorName: 'Ines Instructor',
  },
  verificationUrl: 'https://drx.example/verify/DRX-2026-7K3QF9XH',
};

describe('certificate PDF', () => {
  it('is a one-page PDF with embedded DejaVu fonts printing every part of the certificate', async () => {
    const pdf = await pdfOf(INPUT);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif-Bold/);
    expect(raw).toMatch(/\/FontFile2/); // embedded TrueType
    // Landscape A4.
    expect(raw).toContain('/MediaBox [0 0 841.89 595.28]');
    // The accent colour fills the frame.
    expect(raw).toContain('0.058823529411764705 0.4627450980392157 0.43137254901960786 scn');

    const text = extractPdfText(pdf);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Zoë Ångström-Łukasiewicz');
    expect(text).toContain('Ballet Foundations');
    expect(text).toContain('This certifies that Zoë Ångström-Łukasiewicz has completed Ballet Foundations');
    expect(text).toContain('{{unknown}}');
    expect(text).toContain('November 21, 2026');
    expect(text).toContain('DRX-2026-7K3QF9XH');
    expect(text).toContain('Ines Instructor');
    expect(text).toContain('Lead Instructor, DRX');
    expect(text).toContain('Verify at https://drx.example/verify/DRX-2026-7K3QF9XH');
    expect(text).not.toContain('REVOKED');
  });

  it('draws the QR code as vector squares (no image)', async () => {
    const raw = (await pdfOf(INPUT)).toString('latin1');
    expect(raw).not.toContain('/Subtype /Image');
    expect((raw.match(/ re\b/g) ?? []).length).toBeGreaterThan(200);
  });

  it('marks a revoked certificate with REVOKED, the date and the reason', async () => {
    const pdf = await pdfOf({
      ...INPUT,
      revokedAt: new Date('2026-12-01T10:00:00Z'),
      revokeReason: 'Issued by mistake',
    });
    const text = extractPdfText(pdf);
    expect(text).toContain('REVOKED');
    expect(text).toContain('REVOKED on December 1, 2026 — Issued by mistake');
  });

  it('keeps a very long body on the one page', async () => {
    const pdf = await pdfOf({
      ...INPUT,
      template: { ...INPUT.template, body: 'A long story about {{studentName}}. '.repeat(55) },
    });
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });
});
