/**
 * How the demo store reports an error it cannot answer with: the app that mounts it passes its own
 * logger's (api/src/dev-fakes.ts), so the lines carry the app's format and request ids.
 */
export type LogError = (error: unknown, message: string) => void;

/** Without the app's logger: to stderr. */
export const logToConsole: LogError = (error, message) => console.error(message, error);
