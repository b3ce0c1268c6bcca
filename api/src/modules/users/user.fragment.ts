/** The user JSON of the REST adapter (never a password hash). */
export const USER_FIELDS = `
  id username email role roles firstName lastName profileImageUrl displayName createdAt
`;
