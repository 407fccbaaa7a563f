/** One autocannon run with every response's time kept, so that p50, p95 and p99 are exact (bench/scale). */
import autocannon from 'autocannon';

export interface Request {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  /** Answers other than 2xx, and connection errors or timeouts. */
  failures: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function load(request: Request, connections: number, seconds: number): Promise<LoadFigures> {
  const times: number[] = [];
  let failures = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: request.body,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 60,
      },
      (error: unknown, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        times.sort((a, b) => a - b);
        resolve({
          p50: percentile(times, 0.5),
          p95: percentile(times, 0.95),
          p99: percentile(times, 0.99),
          requestsPerSecond: times.length / seconds,
          requests: times.length,
          failures: failures + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      else failures++;
    });
  });
}
