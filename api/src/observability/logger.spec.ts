import { afterEach, describe, expect, it } from 'vitest';
import { configureLogging, log, LogScope, rootLogger, withLogger, withLogScope } from './logger';

const lines: Record<string, unknown>[] = [];

function logToLines(): void {
  lines.length = 0;
  configureLogging(
    { logLevel: 'info', logFormat: 'json' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
}

afterEach(() => configureLogging({ logLevel: 'silent', logFormat: 'json' }));

describe('log scopes', () => {
  it("log() inside a scope carries its bindings, in what the scope starts too; outside it doesn't", async () => {
    logToLines();
    await withLogScope(new LogScope({ requestId: 'req-1' }), async () => {
      log().info('first');
      await new Promise((resolve) => setTimeout(resolve, 1));
      log().warn('after a timer');
    });
    log().info('outside');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['first', 'req-1'],
      ['after a timer', 'req-1'],
      ['outside', undefined],
    ]);
  });

  it('makes its child logger once, on first use, from the logger configured then', () => {
    const scope = new LogScope({ requestId: 'req-2' });
    logToLines();
    const first = scope.log;
    expect(scope.log).toBe(first);
    expect(first.bindings()).toEqual({ requestId: 'req-2' });
    first.info('line');
    expect(lines).toEqual([expect.objectContaining({ requestId: 'req-2', msg: 'line' })]);
  });

  it("withLogger runs with the given logger (a job's)", () => {
    logToLines();
    const jobLogger = rootLogger().child({ job: 'mail', jobId: 'j-1' });
    withLogger(jobLogger, () => expect(log()).toBe(jobLogger));
  });
});
