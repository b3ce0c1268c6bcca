/**
 * How the modules' webhook payloads write their values (docs/api.md, Webhooks): times as ISO-8601
 * UTC strings, amounts as whole cents (a database bigint comes back as a string), null kept null.
 */
export const payloadTime = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);
export const payloadCents = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
