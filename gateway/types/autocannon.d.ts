// Minimal typings for the part of autocannon 8 that bench/gateway.ts uses (the package ships none).
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
  };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  /** The run: a promise of its result that also tells each response as it arrives. */
  type Instance = Promise<Result> & {
    on(
      event: 'response',
      listener: (client: object, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
