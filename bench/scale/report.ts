import type { FaultWindow } from './faults';
import type { Call, Recorder } from './recorder';

const r1 = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
const tally = <T>(items: readonly T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((acc, item) => {
    const k = key(item);
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});
const overlaps = (c: Call, w: FaultWindow) => c.start <= w.end && c.end >= w.start;
const errorKind = (c: Call) => `${c.kind}: ${c.status === 0 ? c.code : `HTTP ${c.status} ${c.code}`}`;

/** Latency and counts per call kind: every answered call (success or expected refusal) outside the fault windows. */
function perKind(calls: readonly Call[], seconds: number) {
  const kinds = [...new Set(calls.map((c) => c.kind))].sort();
  return Object.fromEntries(
    kinds.map((kind) => {
      const own = calls.filter((c) => c.kind === kind);
      const times = own.filter((c) => c.outcome !== 'error').map((c) => c.end - c.start).sort((a, b) => a - b);
      return [
        kind,
        {
          calls: own.length,
          ok: own.filter((c) => c.outcome === 'ok').length,
          refused: own.filter((c) => c.outcome === 'refused').length,
          errors: own.filter((c) => c.outcome === 'error').length,
          perSecond: r1(own.length / seconds),
          p50ms: r1(percentile(times, 50)),
          p95ms: r1(percentile(times, 95)),
          p99ms: r1(percentile(times, 99)),
        },
      ];
    }),
  );
}

/** What the clients saw of one fault: errors and statuses in its window, the outage, the recovery. */
function faultReport(calls: readonly Call[], w: FaultWindow) {
  const inside = calls.filter((c) => overlaps(c, w));
  const failed = inside.filter((c) => c.outcome === 'error');
  const firstFailure = failed.length ? Math.min(...failed.map((c) => c.end)) : null;
  const lastFailure = failed.length ? Math.max(...failed.map((c) => c.end)) : null;
  const unavailable = inside.filter((c) => c.status === 503);
  return {
    fault: w.fault,
    what: w.what,
    startedAtS: r1(w.start / 1000),
    componentBackAfterS: r1((w.back - w.start) / 1000),
    ...(w.fault === 'instance' ? { restartedInstanceReadyS: r1((w.back - w.restart) / 1000) } : {}),
    windowS: r1((w.end - w.start) / 1000),
    calls: inside.length,
    errors: failed.length,
    errorsByKind: tally(failed, errorKind),
    statuses: tally(inside, (c) => String(c.status)),
    status503WithRetryAfter: `${unavailable.filter((c) => c.retryAfter).length} of ${unavailable.length}`,
    // From the first failed call to the last one: how long clients saw the outage.
    clientOutageS: firstFailure === null ? 0 : r1((lastFailure! - firstFailure) / 1000),
    // From the component's return to the last failed call: how long the portal took to recover (0: at once).
    recoveredAfterBackS: lastFailure === null ? 0 : r1(Math.max(0, lastFailure - w.back) / 1000),
    readinessThroughBalancer: w.readiness,
  };
}

/** One phase's figures: per call kind, throughput, errors in and outside the fault windows, the keyed writes. */
export function phaseReport(rec: Recorder, windows: readonly FaultWindow[], seconds: number, extra: Record<string, unknown>) {
  const calls = rec.calls;
  const outside = calls.filter((c) => !windows.some((w) => overlaps(c, w)));
  const outsideErrors = outside.filter((c) => c.outcome === 'error');
  return {
    ...extra,
    seconds: r1(seconds),
    calls: calls.length,
    throughputPerSecond: r1(calls.length / seconds),
    successfulPerSecond: r1(calls.filter((c) => c.outcome === 'ok').length / seconds),
    callKinds: perKind(outside, Math.max(1, seconds - windows.reduce((s, w) => s + (w.end - w.start) / 1000, 0))),
    refusalsByMessage: tally(
      calls.filter((c) => c.outcome === 'refused'),
      (c) => c.code,
    ),
    errorsOutsideFaultWindows: outsideErrors.length,
    errorsOutsideByKind: tally(outsideErrors, errorKind),
    faults: windows.map((w) => faultReport(calls, w)),
    keyedWrites: { retriedAfterNoAnswer: rec.retried, repeatedAfterSuccess: rec.repeats },
    relogins: rec.relogins,
  };
}
export type PhaseReport = ReturnType<typeof phaseReport>;
