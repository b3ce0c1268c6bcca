import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** nice(1) of coreutils, where the system has it (Debian, the production image: /usr/bin/nice). */
const NICE_BINARY = ['/usr/bin/nice', '/bin/nice'].find((file) => fs.existsSync(file)) ?? null;

/** The lowest priority there is (the kernel caps a process's niceness at 19). */
const LOWEST = 19;

export interface NicedCommand {
  command: string;
  args: string[];
  /** Call with the spawned child (lowers its priority where nice(1) was not there to do it). */
  started(child: ChildProcess): void;
}

/**
 * How to start `binary args` `nice` steps of CPU priority below this process (VIDEO_NICE): a
 * transcode may use every core for minutes, and the requests of the web process that started it
 * must not wait behind it — it takes what they leave. Through nice(1), which lowers its own
 * priority and then executes the binary (the same pid), so ffmpeg starts there and every thread it
 * makes inherits it. Without nice(1), the child's priority is set right after it started
 * (`os.setPriority`; on Linux that is its main thread, which its later threads inherit). A higher
 * priority than the server's is never asked for (an ordinary user may not). 0 changes nothing.
 */
export function niced(binary: string, args: string[], nice: number): NicedCommand {
  if (nice <= 0) return { command: binary, args, started: () => undefined };
  if (NICE_BINARY) {
    return { command: NICE_BINARY, args: ['-n', String(nice), binary, ...args], started: () => undefined };
  }
  return {
    command: binary,
    args,
    started(child) {
      try {
        if (child.pid) os.setPriority(child.pid, Math.min(LOWEST, os.getPriority() + nice));
      } catch {
        // Not permitted here: it runs at the server's priority.
      }
    },
  };
}
