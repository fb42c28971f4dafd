import type { AppContext } from '../../app-context';

/** Counts leave the process this often: the hot path only adds to a map. */
const FLUSH_MS = 10_000;
/** Today and the 7 days before, in China's calendar. */
const DAYS = 8;
const KEEP_MS = (DAYS + 1) * 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

const dayKey = (at: number) => new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');

interface Tally {
  calls: number;
  errors: number;
}

/**
 * Calls and errors per operation: added up in memory per request (no I/O on the hot path),
 * flushed every 10 s into daily counters in the shared store, so the figures cover every
 * instance; read back as today and the last 7 days.
 */
export class CallCounts {
  #pending = new Map<string, Tally>();
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: Pick<AppContext, 'kv' | 'now'>) {}

  record(operationId: string, failed: boolean): void {
    let tally = this.#pending.get(operationId);
    if (!tally) this.#pending.set(operationId, (tally = { calls: 0, errors: 0 }));
    tally.calls += 1;
    if (failed) tally.errors += 1;
  }

  start(): void {
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_MS);
    this.#timer.unref();
  }

  async flush(): Promise<void> {
    const pending = this.#pending;
    this.#pending = new Map();
    const day = dayKey(this.ctx.now());
    await Promise.all(
      [...pending].flatMap(([id, tally]) => [
        this.ctx.kv.increment(`gw:calls:${day}:${id}`, KEEP_MS, tally.calls),
        ...(tally.errors > 0 ? [this.ctx.kv.increment(`gw:errors:${day}:${id}`, KEEP_MS, tally.errors)] : []),
      ]),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush().catch(() => undefined);
  }

  /** Today's and the last 7 days' figures (today included) per operation id; this instance's are flushed first. */
  async read(ids: readonly string[]): Promise<Map<string, { today: Tally; last7Days: Tally }>> {
    await this.flush();
    const now = this.ctx.now();
    const days = Array.from({ length: 7 }, (_, i) => dayKey(now - i * 86_400_000));
    const keys = ids.flatMap((id) => days.flatMap((day) => [`gw:calls:${day}:${id}`, `gw:errors:${day}:${id}`]));
    const values = (await this.ctx.kv.getMany(keys)).map((v) => Number(v ?? 0));
    const out = new Map<string, { today: Tally; last7Days: Tally }>();
    ids.forEach((id, i) => {
      const slice = values.slice(i * days.length * 2, (i + 1) * days.length * 2);
      const today = { calls: slice[0]!, errors: slice[1]! };
      const last7Days = { calls: 0, errors: 0 };
      for (let d = 0; d < days.length; d++) {
        last7Days.calls += slice[2 * d]!;
        last7Days.errors += slice[2 * d + 1]!;
      }
      out.set(id, { today, last7Days });
    });
    return out;
  }
}
