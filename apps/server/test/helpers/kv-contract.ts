import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KvStore } from '../../src/kv/kv-store';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The behaviour every KvStore must have; run against each implementation. */
export function kvStoreContract(name: string, open: () => Promise<KvStore>) {
  describe(`KvStore contract: ${name}`, () => {
    let kv: KvStore;
    beforeAll(async () => {
      kv = await open();
    });
    afterAll(() => kv.close());

    it('gets what was set and null for what was not', async () => {
      await kv.set('a', '1', 10_000);
      expect(await kv.get('a')).toBe('1');
      expect(await kv.get('missing')).toBeNull();
    });

    it('replaces a value on set', async () => {
      await kv.set('r', 'old', 10_000);
      await kv.set('r', 'new', 10_000);
      expect(await kv.get('r')).toBe('new');
    });

    it('forgets a value after its TTL', async () => {
      await kv.set('ttl', 'x', 80);
      expect(await kv.get('ttl')).toBe('x');
      await pause(200);
      expect(await kv.get('ttl')).toBeNull();
      expect(await kv.take('ttl')).toBeNull();
    });

    it('take returns the value to exactly one of many concurrent callers', async () => {
      await kv.set('once', 'captcha', 10_000);
      const results = await Promise.all(Array.from({ length: 20 }, () => kv.take('once')));
      expect(results.filter((r) => r === 'captcha')).toHaveLength(1);
      expect(results.filter((r) => r === null)).toHaveLength(19);
      expect(await kv.get('once')).toBeNull();
    });

    it('setIfAbsent succeeds once until the value expires', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => kv.setIfAbsent('nonce', '1', 100)));
      expect(results.filter(Boolean)).toHaveLength(1);
      await pause(250);
      expect(await kv.setIfAbsent('nonce', '1', 100)).toBe(true);
    });

    it('increments atomically, and the window starts at the first increment', async () => {
      const counts = await Promise.all(Array.from({ length: 25 }, () => kv.increment('counter', 300)));
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      await pause(100);
      // Later increments do not extend the window.
      expect(await kv.increment('counter', 300)).toBe(26);
      await pause(350);
      expect(await kv.increment('counter', 300)).toBe(1);
    });

    it('deletes', async () => {
      await kv.set('d', 'x', 10_000);
      await kv.delete('d');
      expect(await kv.get('d')).toBeNull();
    });

    it('answers ping', async () => {
      await expect(kv.ping()).resolves.toBeUndefined();
    });
  });
}
