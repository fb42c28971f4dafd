import autocannon from 'autocannon';

export interface Load {
  requestsPerSec: number;
  latencyP50ms: number;
  latencyP99ms: number;
  errors: number;
  non2xx: number;
}

/** GET load on one URL with autocannon: throughput and latency as the benchmarks report them. */
export async function load(url: string, options: { connections: number; durationS: number; headers?: Record<string, string> }): Promise<Load> {
  const result = await autocannon({ url, headers: options.headers ?? {}, connections: options.connections, duration: options.durationS });
  return {
    requestsPerSec: Math.round(result.requests.average),
    latencyP50ms: result.latency.p50,
    latencyP99ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
