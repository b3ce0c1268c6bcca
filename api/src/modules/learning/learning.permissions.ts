export const learningPermissions = {};
