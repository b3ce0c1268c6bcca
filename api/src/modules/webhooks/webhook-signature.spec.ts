import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  newMessageId,
  newWebhookSecret,
  secretKey,
  signWebhook,
  verifyWebhookSignature,
} from './webhook-signature';

describe('webhook signatures (Standard Webhooks)', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretKey(secret)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs "id.timestamp.body" with HMAC-SHA256 of the decoded key, as the spec’s example', () => {
    // The example of the Standard Webhooks specification (spec/standard-webhooks.md).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const timestamp = 1614265330;
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, id, timestamp, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('is accepted by the standardwebhooks library', () => {
    const secret = newWebhookSecret();
    const id = newMessageId();
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      type: 'order.paid',
      timestamp: new Date().toISOString(),
      data: { a: 'ü' },
    });
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, id, timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('ü', 'u'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('verifies one of several signatures and refuses a wrong one', () => {
    const secret = newWebhookSecret();
    const good = signWebhook(secret, 'msg_1', 10, 'x');
    const wrong = `v1,${createHmac('sha256', 'other').update('msg_1.10.x').digest('base64')}`;
    expect(verifyWebhookSignature(secret, 'msg_1', 10, 'x', `${wrong} ${good}`)).toBe(true);
    expect(verifyWebhookSignature(secret, 'msg_1', 10, 'x', wrong)).toBe(false);
    expect(verifyWebhookSignature(secret, 'msg_1', 11, 'x', good)).toBe(false);
    expect(verifyWebhookSignature(secret, 'msg_1', 10, 'x', good.replace('v1,', 'v2,'))).toBe(false);
  });

  it('makes unique msg_ ids', () => {
    const ids = new Set(Array.from({ length: 100 }, newMessageId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
  });
});
