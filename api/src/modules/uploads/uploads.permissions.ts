import { allow } from 'graphql-shield';

/** The upload rules are public (the upload page shows them); uploading itself is a REST route. */
export const uploadsPermissions = {
  Query: { uploadLimits: allow },
  UploadRules: allow,
  UploadLimit: allow,
};
