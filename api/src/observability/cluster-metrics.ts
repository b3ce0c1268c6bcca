import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * /metrics of a multi-process server (WEB_CONCURRENCY > 1, workers.ts): the workers share the
 * port, so a scrape lands on any one of them. That worker asks the primary, which collects every
 * worker's registry with prom-client's AggregatorRegistry (counters and histograms summed, the
 * shared-database gauges kept once) and sends the text back. So one scrape of a machine answers for
 * all its processes.
 */

const ASK = 'drx:metrics:ask';
const ANSWER = 'drx:metrics:answer';
const ANSWER_TIMEOUT_MS = 10_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  contentType?: string;
  error?: string;
}

/** In the primary: answers the workers' requests for the whole server's metrics. */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text, contentType: aggregator.contentType }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

/** In a worker: makes `registry` the one the primary aggregates (prom-client's worker side). */
export function joinClusterMetrics(registry: Registry): void {
  // Constructing it installs the worker's listener for the primary's collection requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

let nextId = 0;

/** In a worker: every worker's metrics, aggregated by the primary. */
export function clusterMetrics(): Promise<{ text: string; contentType: string }> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined || message.text === undefined) reject(new Error(message.error));
      else resolve({ text: message.text, contentType: message.contentType ?? 'text/plain' });
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('The primary process did not send the metrics in time'));
    }, ANSWER_TIMEOUT_MS);
    process.on('message', onMessage);
    process.send!({ type: ASK, id });
  });
}
