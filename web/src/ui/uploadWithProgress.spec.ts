import { describe, expect, it } from 'vitest';
import { uploadOutcome } from './uploadWithProgress';

const failureText = (status: number) => `refused with ${status}`;

describe('uploadOutcome', () => {
  it('accepts a 201 answer with a body', () => {
    const answer = { files: [{ uploadId: 'u1' }] };
    expect(uploadOutcome(201, answer, failureText)).toEqual({ ok: true, answer });
  });

  it('prefers the server’s message for a refused upload', () => {
    expect(uploadOutcome(413, { message: 'Files can be at most 10 MB.' }, failureText)).toEqual({
      ok: false,
      message: 'Files can be at most 10 MB.',
    });
  });

  it('falls back to the caller’s text when the answer has no message or no body', () => {
    expect(uploadOutcome(415, {}, failureText)).toEqual({ ok: false, message: 'refused with 415' });
    expect(uploadOutcome(413, { message: '' }, failureText)).toEqual({
      ok: false,
      message: 'refused with 413',
    });
    expect(uploadOutcome(502, null, failureText)).toEqual({ ok: false, message: 'refused with 502' });
    expect(uploadOutcome(201, null, failureText)).toEqual({ ok: false, message: 'refused with 201' });
    expect(uploadOutcome(200, { files: [] }, failureText)).toEqual({
      ok: false,
      message: 'refused with 200',
    });
  });
});
