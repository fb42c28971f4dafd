import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context';
import { loadConfig } from '../../src/config';
import { MemoryKvStore } from '../../src/kv/memory-kv';
import { SharedSetting } from '../../src/platform/shared-setting';

/** Two instances on one store, each with its copy of a setting whose rows `value` stands for. */
function twoInstances(ttl: string) {
  const kv = new MemoryKvStore();
  const ctx = { config: loadConfig({ SETTINGS_CACHE_MS: ttl }), kv, now: Date.now } as unknown as AppContext;
  let value = 1;
  let reads = 0;
  const load = async () => {
    reads++;
    if (value < 0) throw new Error('database away');
    return value;
  };
  return {
    a: new SharedSetting(ctx, 'test:changed', load),
    b: new SharedSetting(ctx, 'test:changed', load),
    set: (v: number) => (value = v),
    reads: () => reads,
  };
}

const heard = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a setting kept per instance', () => {
  it('is read once, then again on every instance once a writer says it changed', async () => {
    const { a, b, set, reads } = twoInstances('60000');
    await a.listen();
    await b.listen();
    expect([await a.get(), await a.get(), await b.get()]).toEqual([1, 1, 1]);
    expect(reads()).toBe(2);
    set(2);
    await b.changed();
    expect(await b.get()).toBe(2);
    await heard();
    expect(await a.get()).toBe(2);
    expect(reads()).toBe(4);
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps no failed read, and with a time of 0 reads every time', async () => {
    const failing = twoInstances('60000');
    failing.set(-1);
    await expect(failing.a.get()).rejects.toThrow('database away');
    failing.set(3);
    expect(await failing.a.get()).toBe(3);

    const off = twoInstances('0');
    await off.a.get();
    await off.a.get();
    expect(off.reads()).toBe(2);
  });
});
