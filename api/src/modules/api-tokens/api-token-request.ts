/** What a request authenticated by `Authorization: Bearer <token>` carries (set before the session is read). */
export interface RequestApiToken {
  /** The token's id (rate limits count per token). */
  id: string;
  /** Its owner. */
  userId: string;
  /** What it may do, on top of what its owner's roles allow. */
  scopes: readonly string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the request carries a valid API token; undefined for cookie sessions and guests. */
    apiToken?: RequestApiToken;
  }
}
