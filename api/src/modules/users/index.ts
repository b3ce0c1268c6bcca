// The users module's front door: what other modules may use of it.
export { maySeePrivateFields } from './private-fields';
export { ROLE_VALUES, STAFF_ROLES, hasAnyRole, hasRole, type HasRoles, type Role } from './roles';
export { DELETED_USER_ADDRESS, DELETED_USER_NAME, User } from './user.entity';
export { anonymiseUser, exportUsersData, isLastAdmin, lockLiveUser } from './personal-data';
export { USER_FIELDS } from './user.fragment';
export { publicNames, userNameParts } from './user-names';
export { adminEmails } from './admin-addresses';
export { isNewAccount, userCounts, userEmail, userExists, usersNamedLikeSql } from './user-lookups';
export { accountIdByEmail, takenUsernameKeys } from './user-lookups';
export {
  hasPasswordSql,
  joinUserSql,
  userByIdSql,
  userRowColumns,
  usernameSql,
  verifiedAccountByEmailSql,
} from './user-row-sql';
export { lockAccountRow, markEmailVerified, setPasswordHash, setUnverifiedEmail } from './account-rows';
export {
  type UserContact,
  userByUsername,
  userContacts,
  userIdByUsernameSql,
  usersNamedOrMailedLikeSql,
} from './user-contacts';
export { lockUserRow } from './user-locks';
export { liveUserHasRoleSql, userDisplayNamesSql, userProfilesSql } from './user-join-sql';
export { userIdByUsername } from './user-by-username';
