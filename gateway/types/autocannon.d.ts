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
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
