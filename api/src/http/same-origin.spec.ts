import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE, isCrossSite, originOf, sameOrigin } from './same-origin';

const OWN = ['http://localhost:4000', 'https://drx.example'];
const post = (headers: Partial<Record<'secFetchSite' | 'origin' | 'referer', string>>) =>
  isCrossSite({ method: 'POST', ownOrigins: OWN, ...headers });

describe('originOf', () => {
  it('gives scheme://host[:port], lower-cased and without a default port', () => {
    expect(originOf('HTTPS://DRX.example:443/cart?x=1')).toBe('https://drx.example');
    expect(originOf('http://localhost:4000/')).toBe('http://localhost:4000');
    expect(originOf('http://[::1]:4000')).toBe('http://[::1]:4000');
  });

  it('is null for "null", opaque origins and garbage', () => {
    for (const value of ['null', 'data:text/html,hi', 'file:///etc/passwd', 'not a url', '']) {
      expect(originOf(value)).toBeNull();
    }
  });
});

describe('isCrossSite', () => {
  it('lets safe methods through whatever they send', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(
        isCrossSite({ method, secFetchSite: 'cross-site', origin: 'https://evil.example', ownOrigins: OWN }),
      ).toBe(false);
    }
  });

  it('lets a request with none of the headers through (curl, integrators)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isCrossSite({ method, ownOrigins: OWN })).toBe(false);
    }
  });

  it('refuses Sec-Fetch-Site: cross-site, even with our own Origin', () => {
    expect(post({ secFetchSite: 'cross-site' })).toBe(true);
    expect(post({ secFetchSite: 'Cross-Site', origin: 'http://localhost:4000' })).toBe(true);
  });

  it('takes the browser at its word for same-origin and none', () => {
    expect(post({ secFetchSite: 'same-origin' })).toBe(false);
    expect(post({ secFetchSite: 'same-origin', origin: 'http://127.0.0.1:4000' })).toBe(false);
    expect(post({ secFetchSite: 'none' })).toBe(false);
  });

  it('lets Origin decide for same-site', () => {
    expect(post({ secFetchSite: 'same-site', origin: 'https://shop.drx.example' })).toBe(true);
    expect(post({ secFetchSite: 'same-site', origin: 'https://drx.example' })).toBe(false);
    expect(post({ secFetchSite: 'same-site' })).toBe(false);
  });

  it('accepts our own origins and refuses any other, "null" included', () => {
    expect(post({ origin: 'http://localhost:4000' })).toBe(false);
    expect(post({ origin: 'https://drx.example' })).toBe(false);
    expect(post({ origin: 'https://DRX.example:443' })).toBe(false);
    expect(post({ origin: 'https://evil.example' })).toBe(true);
    expect(post({ origin: 'http://drx.example' })).toBe(true);
    expect(post({ origin: 'http://localhost:4001' })).toBe(true);
    expect(post({ origin: 'null' })).toBe(true);
    expect(post({ origin: '' })).toBe(true);
  });

  it('uses Referer only without an Origin', () => {
    expect(post({ referer: 'https://evil.example/page' })).toBe(true);
    expect(post({ referer: 'http://localhost:4000/cart' })).toBe(false);
    expect(post({ referer: 'garbage' })).toBe(true);
    expect(post({ origin: 'http://localhost:4000', referer: 'https://evil.example/' })).toBe(false);
    expect(post({ origin: 'https://evil.example', referer: 'http://localhost:4000/' })).toBe(true);
  });
});

describe('sameOrigin middleware', () => {
  const app = express();
  app.set('trust proxy', 1);
  app.use(sameOrigin('https://public.example'));
  app.all('/x', (_req, res) => {
    res.json({ ok: true });
  });

  it('answers 403 { message } to a foreign origin and passes our own', async () => {
    const refused = await request(app).post('/x').set('origin', 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: CROSS_SITE_MESSAGE });
    const own = await request(app)
      .post('/x')
      .set('host', 'drx.test:8080')
      .set('origin', 'http://drx.test:8080');
    expect(own.status).toBe(200);
    const published = await request(app).delete('/x').set('origin', 'https://public.example');
    expect(published.status).toBe(200);
  });

  it('compares with the scheme and host a trusted proxy forwards', async () => {
    const behindProxy = await request(app)
      .post('/x')
      .set('x-forwarded-proto', 'https')
      .set('x-forwarded-host', 'shop.example')
      .set('origin', 'https://shop.example');
    expect(behindProxy.status).toBe(200);
    const plainScheme = await request(app)
      .post('/x')
      .set('x-forwarded-proto', 'https')
      .set('x-forwarded-host', 'shop.example')
      .set('origin', 'http://shop.example');
    expect(plainScheme.status).toBe(403);
  });
});
