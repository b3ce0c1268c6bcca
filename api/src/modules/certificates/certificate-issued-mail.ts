import type { EntityManager } from '@mikro-orm/postgresql';
import { notificationsSuppressed, notify, publicSiteUrl } from '../notifications';

/** Subject and text of the mail telling a student their certificate was issued. */
export function certificateIssuedMailContent(
  certificate: { id: string; number: string; holderName: string; courseTitle: string },
  siteUrl: string,
): { subject: string; text: string } {
  return {
    subject: `Your certificate for ${certificate.courseTitle}`,
    text:
      `Hi ${certificate.holderName},\n\n` +
      `Congratulations: your certificate for "${certificate.courseTitle}" has been issued (number ${certificate.number}).\n\n` +
      `View it: ${siteUrl}/certificates/${certificate.id}\n` +
      `Download the PDF: ${siteUrl}/api/certificates/${certificate.id}/pdf\n` +
      `Anyone can check it at ${siteUrl}/verify/${encodeURIComponent(certificate.number)}\n`,
  };
}

/** Mails the holder of a just-issued certificate (kind `certificates`), in the caller's transaction. */
export async function sendCertificateIssuedMail(
  em: EntityManager,
  certificate: { id: string; number: string; userId: string; holderName: string; courseTitle: string },
): Promise<{ id: string } | null> {
  if (notificationsSuppressed()) return null; // the demo seed
  const content = certificateIssuedMailContent(certificate, publicSiteUrl());
  return notify(em, { userId: certificate.userId, kind: 'certificates', ...content });
}
