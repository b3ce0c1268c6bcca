import { describe, expect, it } from 'vitest';
import { coalescedTask } from './coalescedTask';

/** A task whose runs the test finishes one by one. */
function controlled() {
  const runs: { finish: () => void; fail: () => void }[] = [];
  const task = () =>
    new Promise<void>((resolve, reject) => {
      runs.push({ finish: resolve, fail: () => reject(new Error('failed')) });
    });
  return { runs, task };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalescedTask', () => {
  it('runs once more when asked while a run is under way', async () => {
    const { runs, task } = controlled();
    const ask = coalescedTask(task);
    ask();
    expect(runs).toHaveLength(1);
    ask(); // a message came in while marking read
    ask();
    expect(runs).toHaveLength(1);
    runs[0].finish();
    await settle();
    expect(runs).toHaveLength(2);
    runs[1].finish();
    await settle();
    expect(runs).toHaveLength(2);
  });

  it('does not run again when nobody asked meanwhile, and runs afresh when asked later', async () => {
    const { runs, task } = controlled();
    const ask = coalescedTask(task);
    ask();
    runs[0].finish();
    await settle();
    expect(runs).toHaveLength(1);
    ask();
    expect(runs).toHaveLength(2);
  });

  it('is quiet about a failed run and still serves an ask made during it', async () => {
    const { runs, task } = controlled();
    const ask = coalescedTask(task);
    ask();
    ask();
    runs[0].fail();
    await settle();
    expect(runs).toHaveLength(2);
  });
});
