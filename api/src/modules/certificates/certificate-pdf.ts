import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { qrMatrix } from './certificate-qr';
import { formatIssuedOn, type MergeFields, renderTemplateText } from './certificate-text';

/** What a certificate PDF prints. */
export interface CertificatePdfInput {
  template: {
    heading: string;
    body: string;
    signatoryName: string;
    signatoryTitle: string;
    accentColor: string;
  };
  fields: MergeFields;
  /** The public verification page, printed as text and as a QR code. */
  verificationUrl: string;
  revokedAt?: Date | null;
  revokeReason?: string | null;
}

/** DejaVu covers Latin, Greek, Cyrillic and more, so any student's name prints. */
const FONT_DIR = `${require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, '')}ttf/`;
const FONTS = {
  sans: `${FONT_DIR}DejaVuSans.ttf`,
  sansBold: `${FONT_DIR}DejaVuSans-Bold.ttf`,
  serif: `${FONT_DIR}DejaVuSerif.ttf`,
  serifBold: `${FONT_DIR}DejaVuSerif-Bold.ttf`,
  serifItalic: `${FONT_DIR}DejaVuSerif-Italic.ttf`,
} as const;

/** The font files, read once per process. */
let fontData: Record<keyof typeof FONTS, Buffer> | null = null;
function fontFiles(): Record<keyof typeof FONTS, Buffer> {
  fontData ??= Object.fromEntries(
    Object.entries(FONTS).map(([name, file]) => [name, fs.readFileSync(file)]),
  ) as Record<keyof typeof FONTS, Buffer>;
  return fontData;
}

const INK = '#1a202c';
const MUTED = '#4a5568';
const SOFT = '#718096';
const RED = '#c53030';

/** A safe accent colour (templates are validated, but the PDF never trusts its input). */
function accentOf(colour: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#6b46c1';
}

/**
 * Draws a certificate on one landscape A4 page and returns the (not yet ended) document; pipe it
 * somewhere, then call `end()`. Streams are left uncompressed (a certificate is small, and the text
 * stays searchable by tools and tests).
 */
export function renderCertificatePdf(input: CertificatePdfInput): PDFKit.PDFDocument {
  const { template, fields } = input;
  const accent = accentOf(template.accentColor);
  const heading = renderTemplateText(template.heading, fields);
  const body = renderTemplateText(template.body, fields);

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    compress: false,
    info: {
      Title: `${heading} — ${fields.certificateNumber}`,
      Author: 'DRX',
      Subject: `${fields.studentName} — ${fields.courseTitle}`,
      Keywords: `certificate ${fields.certificateNumber}`,
      Creator: 'DRX',
    },
    displayTitle: true,
    lang: 'en-US',
  });
  for (const [name, data] of Object.entries(fontFiles())) doc.registerFont(name, data);

  const W = doc.page.width;
  const H = doc.page.height;
  const contentX = 90;
  const contentW = W - 2 * contentX;

  // Frame: a bold outer border and a thin inner one, in the accent colour.
  doc.save();
  doc
    .lineWidth(8)
    .strokeColor(accent)
    .rect(20, 20, W - 40, H - 40)
    .stroke();
  doc
    .lineWidth(1)
    .rect(34, 34, W - 68, H - 68)
    .stroke();
  for (const [x, y] of [
    [34, 34],
    [W - 34, 34],
    [34, H - 34],
    [W - 34, H - 34],
  ]) {
    doc.rect(x - 5, y - 5, 10, 10).fill(accent);
  }
  doc.restore();

  // Brand and heading.
  doc.font('sansBold').fontSize(10).fillColor(accent);
  doc.text('D R X   ·   D A N C E   E D U C A T I O N', contentX, 58, { width: contentW, align: 'center' });
  let y = 90;
  y = centred(doc, heading, 'serifBold', 34, 20, accent, y, contentW, contentX, 1);
  doc
    .moveTo(W / 2 - 60, y + 8)
    .lineTo(W / 2 + 60, y + 8)
    .lineWidth(2)
    .strokeColor(accent)
    .stroke();

  // The student, large; then the course.
  doc.font('sans').fontSize(12).fillColor(SOFT);
  doc.text('This certificate is presented to', contentX, y + 30, { width: contentW, align: 'center' });
  y = centred(doc, fields.studentName, 'serifBold', 40, 20, INK, y + 52, contentW, contentX, 1);
  doc.font('sans').fontSize(12).fillColor(SOFT);
  doc.text('for the course', contentX, y + 12, { width: contentW, align: 'center' });
  y = centred(doc, fields.courseTitle, 'sansBold', 20, 12, accent, y + 32, contentW, contentX, 2);

  // The template's body, shrunk to fit its box (and cut with an ellipsis past the smallest size).
  const bodyTop = y + 20;
  const bodyBox = { x: contentX + 40, w: contentW - 80, h: 400 - bodyTop };
  let size = 13;
  doc.font('serif');
  while (size > 8 && doc.fontSize(size).heightOfString(body, { width: bodyBox.w, lineGap: 3 }) > bodyBox.h) {
    size -= 0.5;
  }
  doc.fontSize(size).fillColor(MUTED);
  doc.text(body, bodyBox.x, bodyTop, {
    width: bodyBox.w,
    height: Math.max(bodyBox.h, size + 4),
    align: 'center',
    lineGap: 3,
    ellipsis: true,
  });

  // Footer: signatory (left), date and number (middle), QR code (right).
  const footTop = 420;
  doc
    .moveTo(70, footTop + 50)
    .lineTo(290, footTop + 50)
    .lineWidth(0.8)
    .strokeColor(MUTED)
    .stroke();
  doc.font('serifItalic').fontSize(15).fillColor(INK);
  doc.text(template.signatoryName, 70, footTop + 26, {
    width: 220,
    align: 'center',
    height: 22,
    ellipsis: true,
  });
  doc.font('sansBold').fontSize(10).fillColor(INK);
  doc.text(template.signatoryName, 70, footTop + 58, {
    width: 220,
    align: 'center',
    height: 14,
    ellipsis: true,
  });
  doc.font('sans').fontSize(9).fillColor(SOFT);
  doc.text(template.signatoryTitle, 70, footTop + 73, {
    width: 220,
    align: 'center',
    height: 24,
    ellipsis: true,
  });

  const midX = 310;
  const midW = 300;
  doc
    .font('sans')
    .fontSize(9)
    .fillColor(SOFT)
    .text('ISSUED ON', midX, footTop + 14, { width: midW, align: 'center' });
  doc
    .font('sansBold')
    .fontSize(12)
    .fillColor(INK)
    .text(fields.issuedOn, midX, footTop + 26, {
      width: midW,
      align: 'center',
    });
  doc
    .font('sans')
    .fontSize(9)
    .fillColor(SOFT)
    .text('CERTIFICATE NUMBER', midX, footTop + 48, { width: midW, align: 'center' });
  doc
    .font('sansBold')
    .fontSize(12)
    .fillColor(INK)
    .text(fields.certificateNumber, midX, footTop + 60, {
      width: midW,
      align: 'center',
    });
  doc.font('sans').fontSize(8).fillColor(SOFT);
  doc.text(`Verify at ${input.verificationUrl}`, midX - 20, footTop + 84, {
    width: midW + 40,
    align: 'center',
    link: input.verificationUrl,
  });

  const qrSize = 96;
  drawQrCode(doc, input.verificationUrl, W - 66 - qrSize, footTop - 10, qrSize, INK);
  doc.font('sans').fontSize(7).fillColor(SOFT);
  doc.text('Scan to verify', W - 66 - qrSize - 10, footTop - 10 + qrSize + 1, {
    width: qrSize + 20,
    align: 'center',
  });

  if (input.revokedAt) drawRevoked(doc, input.revokedAt, input.revokeReason ?? null);
  return doc;
}

/** Centred text in one font, shrunk (down to `minSize`) to fit `maxLines` lines; returns its bottom. */
function centred(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  size: number,
  minSize: number,
  colour: string,
  y: number,
  width: number,
  x: number,
  maxLines: number,
): number {
  doc.font(font);
  let s = size;
  while (s > minSize && doc.fontSize(s).heightOfString(text, { width }) > s * 1.3 * maxLines) s -= 1;
  doc.fontSize(s).fillColor(colour);
  const height = Math.min(doc.heightOfString(text, { width }), s * 1.3 * maxLines);
  doc.text(text, x, y, { width, align: 'center', height, ellipsis: true });
  return y + height;
}

/** The QR code of `text` as vector squares (crisp at any zoom), with a two-module quiet zone. */
function drawQrCode(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
  colour: string,
) {
  const { size: count, isDark } = qrMatrix(text);
  const cell = size / (count + 4);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (isDark(row, col)) doc.rect(x + (col + 2) * cell, y + (row + 2) * cell, cell + 0.01, cell + 0.01);
    }
  }
  doc.fill(colour);
  doc.restore();
}

/** A large diagonal REVOKED stamp and a line with the date and reason. */
function drawRevoked(doc: PDFKit.PDFDocument, revokedAt: Date, reason: string | null) {
  const W = doc.page.width;
  const H = doc.page.height;
  doc.save();
  doc.rotate(-24, { origin: [W / 2, H / 2] });
  doc.fillOpacity(0.18).strokeOpacity(0.5);
  doc.font('sansBold').fontSize(120).fillColor(RED);
  doc.text('REVOKED', 0, H / 2 - 70, { width: W, align: 'center', lineBreak: false });
  doc.restore();

  doc.save();
  const line = `REVOKED on ${formatIssuedOn(revokedAt)}${reason ? ` — ${reason}` : ''}`;
  doc.font('sansBold').fontSize(9);
  const boxW = W - 200;
  const textH = Math.min(doc.heightOfString(line, { width: boxW - 20 }), 24);
  doc.rect(100, H - 70, boxW, textH + 8).fill('#fff5f5');
  doc
    .fillColor(RED)
    .text(line, 110, H - 66, { width: boxW - 20, align: 'center', height: textH, ellipsis: true });
  doc.restore();
}
