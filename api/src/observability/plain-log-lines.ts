import type { DestinationStream } from 'pino';

const SKIPPED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

/**
 * LOG_FORMAT=plain: pino's JSON lines rewritten as one readable line each (time, level, message,
 * the other fields as key=value) and an error's stack below it. For a terminal (`npm start`);
 * log collectors get JSON.
 */
export function plainLogLines(out: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        out.write(line);
        return;
      }
      const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
      const level = String(entry.level ?? '').toUpperCase();
      const fields = Object.entries(entry)
        .filter(([key]) => !SKIPPED.has(key))
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
      const err = entry.err as { stack?: string; message?: string } | undefined;
      const tail = err ? `\n${err.stack ?? err.message}` : '';
      out.write(`${time} ${level} ${entry.msg ?? ''}${fields.length ? ` ${fields.join(' ')}` : ''}${tail}\n`);
    },
  };
}
