/**
 * Runs `task` one at a time. Asked while it runs, it runs once more when that run is done (any
 * number of asks meanwhile make one more run), so every ask is served by a run that started
 * after it. A failed run is quiet: the next ask tries again.
 */
export function coalescedTask(task: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    running = true;
    again = false;
    void task()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return () => {
    if (running) again = true;
    else run();
  };
}
