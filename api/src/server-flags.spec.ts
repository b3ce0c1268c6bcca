import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_NODE_FLAGS, withServerFlags } from './server-flags';

afterEach(() => vi.unstubAllEnvs());

describe('withServerFlags', () => {
  it("adds the server's flags to what the process was started with", () => {
    vi.stubEnv('NODE_OPTIONS', '');
    expect(withServerFlags(['--enable-source-maps'])).toEqual(['--enable-source-maps', ...SERVER_NODE_FLAGS]);
  });

  it('keeps a size the person who started it chose, on the command line or in NODE_OPTIONS', () => {
    vi.stubEnv('NODE_OPTIONS', '');
    expect(withServerFlags(['--max-semi-space-size=8'])).toEqual(['--max-semi-space-size=8']);
    vi.stubEnv('NODE_OPTIONS', '--max-semi-space-size=64 --trace-warnings');
    expect(withServerFlags([])).toEqual([]);
  });
});
