export const coursesPermissions = {};
