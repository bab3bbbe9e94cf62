// The parts of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    overallRate?: number;
    pipelining?: number;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, time: number) => void,
    ): this;
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
