// The bench's load generator, in a process of its own (forked by measure.ts) so that the app's
// process holds only the app: its RSS is the app's, and autocannon's work does not run on the
// app's event loop. It takes one case at a time over IPC and sends back its measurement.
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { percentile } from '../shared/figures';

export type LoadRequest = {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};
/** `amount`: stop after that many requests (autocannon then ignores the seconds). */
export type LoadJob = {
  url: string;
  connections: number;
  seconds: number;
  requests: LoadRequest[];
  amount?: number | undefined;
};
export type LoadResult = {
  rps: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  statuses: Record<string, number>;
};

async function run(job: LoadJob): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  // Each request takes the next entry of the job's list, so every connection walks the variety
  // (tags, words, pages, users) instead of repeating one URL.
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    ...(job.amount === undefined ? {} : { amount: job.amount }),
    requests: [
      {
        setupRequest: (request) => {
          const entry = job.requests[next++ % job.requests.length]!;
          return {
            ...request,
            method: entry.method,
            path: entry.path,
            headers: { ...request.headers, ...entry.headers },
            ...(entry.body === undefined ? {} : { body: entry.body }),
          };
        },
      },
    ],
  }) as unknown as EventEmitter & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    statuses,
  };
}

process.on('message', (job: LoadJob) => {
  void run(job).then((result) => process.send!(result));
});
