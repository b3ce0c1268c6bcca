/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminDashboard {\n    adminOverview {\n      usersTotal\n      newUsersLast7Days\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n": typeof types.AdminDashboardDocument,
    "\n  query AdminDeployment {\n    systemStatus {\n      version\n      nodeVersion\n      environment\n      databaseMode\n      databaseVersion\n      migrations\n      startedAt\n      uptimeSeconds\n    }\n  }\n": typeof types.AdminDeploymentDocument,
    "\n  query AdminRoles {\n    referenceLists {\n      roles\n    }\n    adminOverview {\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n": typeof types.AdminRolesDocument,
    "\n  query AdminUser($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n    referenceLists {\n      roles\n    }\n  }\n": typeof types.AdminUserDocument,
    "\n  query AdminUsers($first: Int, $after: String, $search: String, $role: String) {\n    users(first: $first, after: $after, search: $search, role: $role) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        username\n        displayName\n        firstName\n        lastName\n        email\n        role\n        roles\n        profileImageUrl\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  query AdminRoleOptions {\n    referenceLists {\n      roles\n    }\n  }\n": typeof types.AdminRoleOptionsDocument,
    "\n  mutation UserRolesUpdate($input: UserRolesUpdateInput!) {\n    userRolesUpdate(input: $input) {\n      user {\n        id\n        role\n        roles\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.UserRolesUpdateDocument,
    "\n  fragment SessionUser on User {\n    id\n    username\n    role\n    roles\n    firstName\n    lastName\n    profileImageUrl\n    displayName\n    email\n  }\n": typeof types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout {\n      success\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.LogoutDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  query ProfilePage {\n    me {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n  }\n": typeof types.ProfilePageDocument,
    "\n  query UserProfile($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      role\n      roles\n      profileImageUrl\n    }\n  }\n": typeof types.UserProfileDocument,
    "\n  mutation ProfileUpdate($input: ProfileUpdateInput!) {\n    profileUpdate(input: $input) {\n      user {\n        id\n        firstName\n        lastName\n        displayName\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.ProfileUpdateDocument,
};
const documents: Documents = {
    "\n  query AdminDashboard {\n    adminOverview {\n      usersTotal\n      newUsersLast7Days\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n": types.AdminDashboardDocument,
    "\n  query AdminDeployment {\n    systemStatus {\n      version\n      nodeVersion\n      environment\n      databaseMode\n      databaseVersion\n      migrations\n      startedAt\n      uptimeSeconds\n    }\n  }\n": types.AdminDeploymentDocument,
    "\n  query AdminRoles {\n    referenceLists {\n      roles\n    }\n    adminOverview {\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n": types.AdminRolesDocument,
    "\n  query AdminUser($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n    referenceLists {\n      roles\n    }\n  }\n": types.AdminUserDocument,
    "\n  query AdminUsers($first: Int, $after: String, $search: String, $role: String) {\n    users(first: $first, after: $after, search: $search, role: $role) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        username\n        displayName\n        firstName\n        lastName\n        email\n        role\n        roles\n        profileImageUrl\n        createdAt\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  query AdminRoleOptions {\n    referenceLists {\n      roles\n    }\n  }\n": types.AdminRoleOptionsDocument,
    "\n  mutation UserRolesUpdate($input: UserRolesUpdateInput!) {\n    userRolesUpdate(input: $input) {\n      user {\n        id\n        role\n        roles\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.UserRolesUpdateDocument,
    "\n  fragment SessionUser on User {\n    id\n    username\n    role\n    roles\n    firstName\n    lastName\n    profileImageUrl\n    displayName\n    email\n  }\n": types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": types.MeDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Logout {\n    logout {\n      success\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.LogoutDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.RegisterDocument,
    "\n  query ProfilePage {\n    me {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n  }\n": types.ProfilePageDocument,
    "\n  query UserProfile($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      role\n      roles\n      profileImageUrl\n    }\n  }\n": types.UserProfileDocument,
    "\n  mutation ProfileUpdate($input: ProfileUpdateInput!) {\n    profileUpdate(input: $input) {\n      user {\n        id\n        firstName\n        lastName\n        displayName\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.ProfileUpdateDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDashboard {\n    adminOverview {\n      usersTotal\n      newUsersLast7Days\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminDashboard {\n    adminOverview {\n      usersTotal\n      newUsersLast7Days\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDeployment {\n    systemStatus {\n      version\n      nodeVersion\n      environment\n      databaseMode\n      databaseVersion\n      migrations\n      startedAt\n      uptimeSeconds\n    }\n  }\n"): (typeof documents)["\n  query AdminDeployment {\n    systemStatus {\n      version\n      nodeVersion\n      environment\n      databaseMode\n      databaseVersion\n      migrations\n      startedAt\n      uptimeSeconds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminRoles {\n    referenceLists {\n      roles\n    }\n    adminOverview {\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminRoles {\n    referenceLists {\n      roles\n    }\n    adminOverview {\n      usersByRole {\n        role\n        count\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUser($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n    referenceLists {\n      roles\n    }\n  }\n"): (typeof documents)["\n  query AdminUser($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n    referenceLists {\n      roles\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($first: Int, $after: String, $search: String, $role: String) {\n    users(first: $first, after: $after, search: $search, role: $role) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        username\n        displayName\n        firstName\n        lastName\n        email\n        role\n        roles\n        profileImageUrl\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($first: Int, $after: String, $search: String, $role: String) {\n    users(first: $first, after: $after, search: $search, role: $role) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        username\n        displayName\n        firstName\n        lastName\n        email\n        role\n        roles\n        profileImageUrl\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminRoleOptions {\n    referenceLists {\n      roles\n    }\n  }\n"): (typeof documents)["\n  query AdminRoleOptions {\n    referenceLists {\n      roles\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UserRolesUpdate($input: UserRolesUpdateInput!) {\n    userRolesUpdate(input: $input) {\n      user {\n        id\n        role\n        roles\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UserRolesUpdate($input: UserRolesUpdateInput!) {\n    userRolesUpdate(input: $input) {\n      user {\n        id\n        role\n        roles\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionUser on User {\n    id\n    username\n    role\n    roles\n    firstName\n    lastName\n    profileImageUrl\n    displayName\n    email\n  }\n"): (typeof documents)["\n  fragment SessionUser on User {\n    id\n    username\n    role\n    roles\n    firstName\n    lastName\n    profileImageUrl\n    displayName\n    email\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout {\n      success\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout {\n      success\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...SessionUser\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProfilePage {\n    me {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query ProfilePage {\n    me {\n      id\n      username\n      displayName\n      firstName\n      lastName\n      email\n      role\n      roles\n      profileImageUrl\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserProfile($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      role\n      roles\n      profileImageUrl\n    }\n  }\n"): (typeof documents)["\n  query UserProfile($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      role\n      roles\n      profileImageUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProfileUpdate($input: ProfileUpdateInput!) {\n    profileUpdate(input: $input) {\n      user {\n        id\n        firstName\n        lastName\n        displayName\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ProfileUpdate($input: ProfileUpdateInput!) {\n    profileUpdate(input: $input) {\n      user {\n        id\n        firstName\n        lastName\n        displayName\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;