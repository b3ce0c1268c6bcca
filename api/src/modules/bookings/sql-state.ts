/** A database error's SQLSTATE (MikroORM wraps the driver's error), or null. */
export function sqlState(error: unknown): string | null {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return null;
}
