import express from 'express';
import { AppMetrics } from '../metrics';
import { metricsRoute } from '../metrics-route';

/**
 * A worker of the cluster metrics test (observability.integration.test.ts): its own metrics with
 * one request observed, /metrics as the app mounts it, on the port all workers share.
 */
const metrics = new AppMetrics();
metrics.httpDuration.observe({ method: 'GET', route: '/fixture', status: '200' }, 0.01);
const app = express();
app.get('/metrics', metricsRoute(metrics, 'cluster-token'));
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!({ type: 'fixture:listening', port: typeof address === 'object' ? address?.port : null });
});
