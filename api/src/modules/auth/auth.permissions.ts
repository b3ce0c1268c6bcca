import { allow } from 'graphql-shield';

export const authPermissions = {
  Query: { me: allow },
  Mutation: { login: allow, loginSecondStep: allow, register: allow, logout: allow },
  AuthPayload: allow,
  LogoutPayload: allow,
};
