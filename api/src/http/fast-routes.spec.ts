import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AppMetrics } from '../observability/metrics';
import { FastRoutes } from './fast-routes';
import { setApiSecurityHeaders } from './security-headers';

/** An app as app.ts builds it: the fast routes in front, the same route mounted the ordinary way. */
function appWith(...handlers: express.RequestHandler[]) {
  const app = express();
  const fast = new FastRoutes({
    metrics: new AppMetrics(),
    securityHeaders: setApiSecurityHeaders({ https: false }),
  });
  fast.frontOf(app);
  app.use(fast.handedOn);
  const seen: string[] = [];
  app.use((req, _res, next) => {
    seen.push(`stack ${req.url}`);
    next();
  });
  fast.get('/api/poll', ...handlers);
  app.get(
    '/api/poll',
    (req, _res, next) => {
      seen.push(`ordinary ${req.url}`);
      next();
    },
    ...handlers,
  );
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).json({ message: `handled: ${error.message}` });
  });
  return { app, seen };
}

describe('fast routes, in front of Express', () => {
  it("answer their exact GET with Express's request and response, before the app's stack", async () => {
    const { app, seen } = appWith((req, res) => {
      res
        .status(200)
        .json({ path: req.path, baseUrl: req.baseUrl, originalUrl: req.originalUrl, ip: req.ip });
    });
    const res = await request(app).get('/api/poll');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ path: '/api/poll', baseUrl: '', originalUrl: '/api/poll' });
    expect(res.body.ip).toBeTruthy();
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(seen).toEqual([]);
  });

  it('leave what they do not take to the app: a query string, another method', async () => {
    const { app, seen } = appWith((_req, res) => void res.json({ ok: true }));
    expect((await request(app).get('/api/poll?x=1')).status).toBe(200);
    expect((await request(app).head('/api/poll')).status).toBe(200);
    expect((await request(app).get('/elsewhere')).status).toBe(404);
    expect(seen).toEqual([
      'stack /api/poll?x=1',
      'ordinary /api/poll?x=1',
      'stack /api/poll',
      'ordinary /api/poll',
      'stack /elsewhere',
    ]);
  });

  it("hand a handler's error, thrown or rejected, to the app's error handler", async () => {
    const thrown = appWith(() => {
      throw new Error('thrown');
    });
    const res = await request(thrown.app).get('/api/poll');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'handled: thrown' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(thrown.seen).toEqual([]);

    const rejected = appWith(async () => {
      await Promise.resolve();
      throw new Error('rejected');
    });
    expect((await request(rejected.app).get('/api/poll')).body).toEqual({ message: 'handled: rejected' });
    const passed = appWith((_req, _res, next) => next(new Error('passed')));
    expect((await request(passed.app).get('/api/poll')).body).toEqual({ message: 'handled: passed' });
  });
});
