import { defineModule } from '../../lib/define-module';
import { CertificatesService } from './certificates.service';
import { CertificateTemplate } from './certificate-template.entity';
import { CertificateTemplatesResolver } from './certificate-templates.resolver';
import { Certificate } from './certificate.entity';
import { certificatesPermissions } from './certificates.permissions';
import { CertificatesResolver } from './certificates.resolver';
import { certificatesRoutes } from './certificates.routes';
import { requireScope } from '../api-tokens';
import { certificatePdfRoute } from './certificate-pdf.route';
import { CourseCertificateTemplateResolver } from './course-certificate-template.resolver';

/** The certificates module's contribution to the app (listed in `modules/index.ts`). */
export const certificatesModule = defineModule({
  name: 'certificates',
  services: {
    certificates: ({ em }) => new CertificatesService(em),
  },
  resolvers: [CertificatesResolver, CertificateTemplatesResolver, CourseCertificateTemplateResolver],
  permissions: [certificatesPermissions],
  graphRoutes: certificatesRoutes,
  entities: [CertificateTemplate, Certificate],
  restHandlers: ({ router, createContext }) => {
    router.get('/certificates/:id/pdf', requireScope('learning:read'), certificatePdfRoute(createContext));
  },
});

declare module '../../services' {
  interface Services {
    certificates: CertificatesService;
  }
}
