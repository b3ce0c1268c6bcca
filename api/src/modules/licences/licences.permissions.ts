import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

/** Licences are the buyer's to give (checked by LicencesService); `myLicences` is my own. */
export const licencesPermissions = {
  Query: {
    myLicences: isAuthenticated,
  },
  Mutation: {
    licenceAssign: isAuthenticated,
    licenceRevoke: isAuthenticated,
  },
  LicenceHolder: allow,
  ReceivedLicence: allow,
  ReceivedLicenceConnection: allow,
  ReceivedLicenceEdge: allow,
  LicencePayload: allow,
};
