import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { log } from './logger';
import { clusterMetrics, joinClusterMetrics } from './cluster-metrics';
import type { AppMetrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus's text format, for `Authorization: Bearer <METRICS_TOKEN>` only
 * (401 otherwise); without METRICS_TOKEN it answers 404, as if it did not exist. In a worker of a
 * multi-process server it answers for every process of the server (cluster-metrics.ts).
 */
export function metricsRoute(metrics: AppMetrics, token: string | undefined): RequestHandler {
  if (!token) return (_req, res) => void res.status(404).json({ message: 'Not found' });
  const expected = digest(`Bearer ${token}`);
  const inCluster = cluster.isWorker && typeof process.send === 'function';
  if (inCluster) joinClusterMetrics(metrics.registry);
  return async (req, res) => {
    // Compared as digests in constant time: the answer's timing tells nothing about the token.
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res
        .status(401)
        .set('www-authenticate', 'Bearer')
        .json({ message: 'A valid metrics token is required' });
      return;
    }
    res.setHeader('cache-control', 'no-store');
    try {
      const { text, contentType } = inCluster
        ? await clusterMetrics()
        : { text: await metrics.text(), contentType: metrics.contentType };
      res.type(contentType).send(text);
    } catch (error) {
      log().error({ err: error }, 'collecting the metrics failed');
      res.status(503).json({ message: 'The metrics could not be collected' });
    }
  };
}
