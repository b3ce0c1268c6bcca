import type { RequestHandler } from 'express';
import { DomainError } from '../../graphql/errors';
import type { ContextFactory } from '../../graphql/context';
import { renderCertificatePdf } from './certificate-pdf';
import { verificationUrl } from './certificate-text';

const STATUS: Record<string, number> = { NOT_FOUND: 404, FORBIDDEN: 403 };

/**
 * GET /api/certificates/:id/pdf — the certificate as a PDF download, for its owner, the course's
 * instructor and staff (401 signed out, 403 others, 404 unknown). Authorised by the service first,
 * then streamed.
 */
export function certificatePdfRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.user) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      const { certificate, template, fields } = await ctx.services.certificates.document(
        ctx.user,
        String(req.params.id),
      );
      const doc = renderCertificatePdf({
        template,
        fields,
        verificationUrl: verificationUrl(ctx.config.publicUrl, certificate.number),
        revokedAt: certificate.revokedAt,
        revokeReason: certificate.revokeReason,
      });
      res.status(200);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="DRX-certificate-${certificate.number}.pdf"`,
      );
      // The owner's copy changes when it is revoked or its template is edited.
      res.setHeader('Cache-Control', 'private, no-store');
      doc.on('error', next);
      doc.pipe(res);
      doc.end();
    } catch (error) {
      if (error instanceof DomainError && STATUS[error.code]) {
        res.status(STATUS[error.code]).json({ message: error.message, code: error.code });
        return;
      }
      next(error);
    }
  };
}
