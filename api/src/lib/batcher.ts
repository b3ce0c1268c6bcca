/**
 * Collects the keys asked for while one wave of GraphQL field resolvers runs and loads them with
 * one call (a minimal DataLoader without a cache, so a mutation's payload never sees stale data).
 */
export class Batcher<V> {
  private pending: { key: string; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly loadMany: (keys: string[]) => Promise<Map<string, V>>) {}

  load(key: string): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      // setImmediate runs after every promise continuation of the current wave, so sibling list
      // items (resolved through graphql-shield's async middleware) land in the same batch.
      if (this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const values = await this.loadMany([...new Set(batch.map((b) => b.key))]);
      for (const { key, resolve, reject } of batch) {
        if (values.has(key)) resolve(values.get(key) as V);
        else reject(new Error(`Batcher: no value for ${key}`));
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}
