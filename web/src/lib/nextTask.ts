/** Resolves in a task of its own (a timer), so the browser may handle input and paint before it. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
