export const SESSION_COOKIE = 'drx.sid';
