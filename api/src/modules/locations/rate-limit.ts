/**
 * A fixed-window request counter per client address, in this process's memory: enough to keep one
 * client from walking a public data set through the API. Each route makes its own.
 */
export class AddressRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a request from `address`; false when the window's limit is used up. */
  admit(address: string, now = Date.now()): boolean {
    if (this.limit <= 0) return true;
    const window = this.windows.get(address);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now);
      this.windows.set(address, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  /** Seconds until `address` may ask again (for Retry-After). */
  retryAfterSeconds(address: string, now = Date.now()): number {
    const window = this.windows.get(address);
    if (!window) return 0;
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }

  private prune(now: number) {
    for (const [address, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(address);
    }
  }
}
