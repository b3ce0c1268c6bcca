import express, { type ErrorRequestHandler } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { jsonBody } from './json-body';

const app = express();
app.post('/echo', jsonBody(64), (req, res) => {
  res.json({ body: req.body ?? null });
});
const onError: ErrorRequestHandler = (error, _req, res, _next) => {
  res.status(error.status ?? 500).json({ type: error.type, message: error.message });
};
app.use(onError);

describe('jsonBody', () => {
  it('parses UTF-8 JSON (and +json types) into req.body', async () => {
    const res = await request(app).post('/echo').set('content-type', 'application/json').send('{"a":"é"}');
    expect(res.body).toEqual({ body: { a: 'é' } });
    const vendor = await request(app)
      .post('/echo')
      .set('content-type', 'application/vnd.api+json; charset=utf-8')
      .send('[1]');
    expect(vendor.body).toEqual({ body: [1] });
  });

  it('leaves other content types unparsed and an empty JSON body as {}', async () => {
    const text = await request(app).post('/echo').set('content-type', 'text/plain').send('{"a":1}');
    expect(text.body).toEqual({ body: null });
    const empty = await request(app).post('/echo').set('content-type', 'application/json').send('');
    expect(empty.body).toEqual({ body: {} });
  });

  it('answers malformed JSON with 400 entity.parse.failed', async () => {
    const res = await request(app).post('/echo').set('content-type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('entity.parse.failed');
  });

  it('answers a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ a: 'x'.repeat(100) });
    const declared = await request(app).post('/echo').set('content-type', 'application/json').send(big);
    expect(declared.status).toBe(413);
    expect(declared.body.type).toBe('entity.too.large');
    // without a content-length (chunked): the limit holds while reading
    const streamed = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const server = app.listen(0, () => {
        const { port } = server.address() as AddressInfo;
        const req = http.request(
          { port, method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' } },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => {
              server.close();
              resolve({ status: res.statusCode ?? 0, type: JSON.parse(text).type });
            });
          },
        );
        req.on('error', reject);
        req.write(big.slice(0, 50));
        req.end(big.slice(50));
      });
    });
    expect(streamed).toEqual({ status: 413, type: 'entity.too.large' });
  });

  it('refuses another charset or a compressed body with 415', async () => {
    const latin = await request(app)
      .post('/echo')
      .set('content-type', 'application/json; charset=iso-8859-1')
      .send('{}');
    expect(latin.status).toBe(415);
    const gzip = await request(app)
      .post('/echo')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send('{}');
    expect(gzip.status).toBe(415);
  });
});
