/** Timing helpers of the PostgreSQL benchmarks: warm p50/p95 and the indexes a plan reads. */

export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

export const ms = (n: number) => Number(n.toFixed(2));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** p50/p95 of `work` over `samples` runs after a warm-up. */
export async function timed(work: () => Promise<unknown>, samples = SAMPLES, warmUp = 20) {
  for (let i = 0; i < warmUp; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return summary(times);
}

/** p50/p95 of measured times in ms. */
export function summary(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50ms: ms(percentile(sorted, 50)), p95ms: ms(percentile(sorted, 95)) };
}

/** The indexes a plan reads, from EXPLAIN (FORMAT JSON). */
export function indexesOf(plan: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(plan)) plan.forEach((p) => indexesOf(p, found));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (typeof node['Index Name'] === 'string') found.add(`${node['Node Type']} ${node['Index Name']}`);
    Object.values(node).forEach((v) => indexesOf(v, found));
  }
  return [...found];
}
