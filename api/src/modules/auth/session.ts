export const SESSION_COOKIE = 'drx.sid';
/** A session lasts this long after its last use. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
