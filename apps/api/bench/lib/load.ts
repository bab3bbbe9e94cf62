import autocannon from 'autocannon';
import { percentile } from './stats';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Requests a second over all connections (open the throttle with a high connection count). */
  overallRate?: number;
  /** Seconds before autocannon counts a request as timed out. */
  timeout?: number;
}

export interface LoadResult {
  requests: number;
  /** Responses a second (all statuses). */
  rps: number;
  /** Latencies of 2xx answers, in ms (exact, from every response). */
  p50: number;
  p99: number;
  max: number;
  /** Socket errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Answers by status code. */
  statuses: Record<number, number>;
  /** Responses that were not 2xx. */
  non2xx: number;
  /** Latencies of the non-2xx answers, in ms. */
  errorLatencies: Float64Array;
  okLatencies: Float64Array;
}

/**
 * Runs autocannon in this process (the server under test runs in another) and keeps every
 * response's latency, so that percentiles are exact rather than autocannon's whole-ms buckets.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let ok: number[] = [];
  let bad: number[] = [];
  const statuses: Record<number, number> = {};
  const instance = autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    connections: options.connections,
    duration: options.duration,
    timeout: options.timeout ?? 10,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status >= 200 && status < 300) ok.push(time);
    else bad.push(time);
  });
  const result = await instance;
  const okLatencies = Float64Array.from(ok);
  const errorLatencies = Float64Array.from(bad);
  ok = [];
  bad = [];
  const answered = okLatencies.length + errorLatencies.length;
  return {
    requests: answered,
    rps: answered / options.duration,
    p50: percentile(okLatencies, 50),
    p99: percentile(okLatencies, 99),
    max: okLatencies.length ? okLatencies.reduce((a, b) => Math.max(a, b), 0) : Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    non2xx: errorLatencies.length,
    errorLatencies,
    okLatencies,
  };
}
