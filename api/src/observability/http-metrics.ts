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
