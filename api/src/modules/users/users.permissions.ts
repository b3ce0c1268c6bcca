import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

export const usersPermissions = {
  Query: { user: allow },
  Mutation: { profileUpdate: isAuthenticated },
  User: allow,
  ProfileUpdatePayload: allow,
  UserError: allow,
};
