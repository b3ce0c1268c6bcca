import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isKnownFor, type KnownDevice, readKnownDevice, rememberDevice } from './known-device';

const options = { secret: 'device-secret', secure: false };

/** The device cookie a response sets, sent back as a request would. */
function remember(device: KnownDevice | null, userId: string, secret = options.secret): Request {
  const headers: Record<string, unknown> = {};
  const res = {
    getHeader: (name: string) => headers[name],
    setHeader: (name: string, value: unknown) => (headers[name] = value),
  } as unknown as Response;
  rememberDevice(res, device, userId, { ...options, secret });
  const cookie = (headers['Set-Cookie'] as string[]).at(-1)!.split(';')[0];
  return { headers: { cookie: `other=1; ${cookie}` } } as Request;
}

describe('known device cookie', () => {
  it('names the accounts that signed in on the browser, keeping its id, most recent first, at most 5', () => {
    const first = randomUUID();
    let device = readKnownDevice(remember(null, first), options.secret)!;
    expect(device.userIds).toEqual([first]);
    const id = device.id;
    const others = Array.from({ length: 5 }, () => randomUUID());
    for (const user of others) device = readKnownDevice(remember(device, user), options.secret)!;
    expect(device.id).toBe(id);
    expect(device.userIds).toEqual([...others].reverse());
    expect(isKnownFor(device, first)).toBe(false);
    expect(isKnownFor(device, others[0])).toBe(true);
    expect(isKnownFor(null, others[0])).toBe(false);
  });

  it('is ignored when altered or signed with another secret', () => {
    const user = randomUUID();
    const req = remember(null, user);
    const cookie = req.headers.cookie!;
    const tampered = { headers: { cookie: cookie.replace(user, randomUUID()) } } as Request;
    expect(readKnownDevice(tampered, options.secret)).toBeNull();
    expect(readKnownDevice(remember(null, user, 'another-secret'), options.secret)).toBeNull();
    expect(readKnownDevice({ headers: {} } as Request, options.secret)).toBeNull();
    expect(
      readKnownDevice({ headers: { cookie: 'drx.device=nonsense' } } as Request, options.secret),
    ).toBeNull();
  });
});
