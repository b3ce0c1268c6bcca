import type { EntityManager } from '@mikro-orm/postgresql';

export interface CourseStats {
  lessonCount: number;
  totalDurationMinutes: number;
}

const EMPTY: CourseStats = { lessonCount: 0, totalDurationMinutes: 0 };

/**
 * Collects the keys asked for while one GraphQL response resolves and answers them with one
 * query (like DataLoader): `load` calls made in the same tick share a single `batch` call.
 * Answers are remembered for the life of the loader (one request).
 */
export class BatchLoader<V> {
  private readonly cache = new Map<string, Promise<V>>();
  private queue: { key: string; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];

  constructor(
    private readonly batch: (keys: string[]) => Promise<Map<string, V>>,
    private readonly fallback: V,
  ) {}

  load(key: string): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => void this.flush());
    });
    this.cache.set(key, promise);
    return promise;
  }

  /** Forgets remembered answers (after a change). */
  clear(): void {
    this.cache.clear();
  }

  private async flush(): Promise<void> {
    const queue = this.queue;
    this.queue = [];
    try {
      const answers = await this.batch([...new Set(queue.map((q) => q.key))]);
      for (const q of queue) q.resolve(answers.get(q.key) ?? this.fallback);
    } catch (error) {
      for (const q of queue) {
        this.cache.delete(q.key);
        q.reject(error);
      }
    }
  }
}

const loaders = new WeakMap<EntityManager, BatchLoader<CourseStats>>();

/** Lesson count and total duration per course, batched per request (keyed by its EntityManager). */
export function courseStatsLoader(em: EntityManager): BatchLoader<CourseStats> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new BatchLoader<CourseStats>(async (ids) => {
      const rows = await em
        .getConnection()
        .execute<{ course_id: string; lessons: number; minutes: number }[]>(
          `select m.course_id, count(l.id)::int as lessons, coalesce(sum(l.duration_minutes), 0)::int as minutes
           from course_modules m join lessons l on l.module_id = m.id
          where m.course_id in (${ids.map(() => '?').join(', ')})
          group by m.course_id`,
          ids,
        );
      return new Map(
        rows.map((r) => [r.course_id, { lessonCount: r.lessons, totalDurationMinutes: r.minutes }]),
      );
    }, EMPTY);
    loaders.set(em, loader);
  }
  return loader;
}
