import { allow } from 'graphql-shield';

export const referencePermissions = {
  Query: { referenceLists: allow },
  ReferenceLists: allow,
};
