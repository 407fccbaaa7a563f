/** Autocannon runs with every response's time kept, so that p50, p95 and p99 are exact (bench/scale). */
import autocannon from 'autocannon';

export interface Request {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Each connection sends its own X-Forwarded-For (`clientAddress(n)`; the server runs with TRUST_PROXY): many
   * logins of one account from one address at once are refused by the login rate limits, as they should be.
   */
  perConnectionAddress?: boolean;
}

/** The address connection `index` claims to come from. */
export const clientAddress = (index: number) => `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;

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

/** Every successful answer's time (ms) of one autocannon run, and the failures. */
export interface LoadRun {
  times: number[];
  failures: number;
  seconds: number;
}

/** The figures of several runs of the same request taken together. */
export function loadFiguresOf(runs: LoadRun[]): LoadFigures {
  const times = runs.flatMap((run) => run.times).sort((a, b) => a - b);
  const seconds = runs.reduce((total, run) => total + run.seconds, 0);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    requestsPerSecond: times.length / seconds,
    requests: times.length,
    failures: runs.reduce((total, run) => total + run.failures, 0),
  };
}

export function load(request: Request, connections: number, seconds: number): Promise<LoadRun> {
  const times: number[] = [];
  let failures = 0;
  let clients = 0;
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
        setupClient: request.perConnectionAddress
          ? (client) => client.setHeaders({ ...request.headers, 'x-forwarded-for': clientAddress(clients++) })
          : undefined,
      },
      (error: unknown, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        resolve({ times, failures: failures + result.errors + result.timeouts, seconds });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      else failures++;
    });
  });
}
