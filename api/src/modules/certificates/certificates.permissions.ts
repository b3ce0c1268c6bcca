export const certificatesPermissions = {};
