import type { RequestHandler } from 'express';
import type { AppMetrics } from './metrics';
import { routeLabel } from './route-label';

/** Times every request until its response is written, labelled by method, route pattern and status. */
export function httpMetrics(metrics: AppMetrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      end({ method: req.method, route: routeLabel(req, res.statusCode), status: String(res.statusCode) });
    });
    next();
  };
}

type HttpLabels = { method: string; route: string; status: string };

/**
 * Records one request of a fixed method and route (http/fast-routes.ts) that took `seconds`: the
 * same observation `httpMetrics` makes, with one labels object per status kept rather than made
 * (and a timer's closures) per request.
 */
export function routeRecorder(
  metrics: AppMetrics,
  method: string,
  route: string,
): (status: number, seconds: number) => void {
  const labels = new Map<number, HttpLabels>();
  return (status, seconds) => {
    let known = labels.get(status);
    if (!known) labels.set(status, (known = { method, route, status: String(status) }));
    metrics.httpDuration.observe(known, seconds);
  };
}
