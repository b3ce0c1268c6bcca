import { allow } from 'graphql-shield';
import { isAdmin, isStaff } from '../../graphql/rules';

export const adminPermissions = {
  Query: { users: isAdmin, adminOverview: isStaff, systemStatus: isAdmin },
  Mutation: { userRolesUpdate: isAdmin },
  UserConnection: allow,
  UserEdge: allow,
  PageInfo: allow,
  RoleCount: allow,
  AdminOverview: allow,
  SystemStatus: allow,
  UserRolesUpdatePayload: allow,
};
