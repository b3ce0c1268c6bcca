/**
 * V8 flags every server process runs with (a worker of a multi-process server gets them from its
 * primary; `npm start` and the image pass them to the single process).
 *
 * `--max-semi-space-size=32` (MiB, Node 20's default is 16): a request allocates short-lived
 * objects (the session row, the cart's lines, the log line), and with the default young generation
 * the collector scavenged several times a second under 200 polling members, 20–46 ms each, and
 * promoted what was still alive mid-request into the old generation, which then needed major
 * collections of 100 ms and more — the poll's p99 tail (bench/README.md, "The poll's tail"). A
 * larger young generation scavenges less often and lets more die young: GC pauses over 15 ms in
 * equal 25 s runs of the bench went from 71 and 74 to 44 and 47. It costs up to 48 MiB of memory
 * per process (three semi-spaces of 16 MiB more).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/** `execArgv` plus the server's flags, each unless the person who started it chose its own. */
export function withServerFlags(execArgv: readonly string[]): string[] {
  const own = (flag: string) => flag.split('=')[0];
  const chosen = new Set([...execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map(own));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !chosen.has(own(flag)))];
}
