import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareJournalIds, type KvStore } from '../../src/kv/kv-store';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `received` holds `count` messages (or a second has passed). */
async function collected(received: string[], count: number) {
  const deadline = Date.now() + 1_000;
  while (received.length < count && Date.now() < deadline) await pause(10);
  return received;
}

/**
 * The behaviour every KvStore must have; run against each implementation. `open` opens another
 * store on the same backing (same Redis, same prefix); `sharedAcrossInstances` says whether two
 * such stores see each other's publications (Redis) or not (memory: each process is alone).
 */
export function kvStoreContract(name: string, open: () => Promise<KvStore>, { sharedAcrossInstances }: { sharedAcrossInstances: boolean }) {
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

    it('increments by more than one, and reads several keys at once', async () => {
      expect(await kv.increment('by', 10_000, 5)).toBe(5);
      expect(await kv.increment('by', 10_000, 3)).toBe(8);
      await kv.set('many', 'x', 10_000);
      expect(await kv.getMany(['by', 'absent', 'many'])).toEqual(['8', null, 'x']);
      expect(await kv.getMany([])).toEqual([]);
    });

    it('deletes', async () => {
      await kv.set('d', 'x', 10_000);
      await kv.delete('d');
      expect(await kv.get('d')).toBeNull();
    });

    it('answers ping', async () => {
      await expect(kv.ping()).resolves.toBeUndefined();
    });

    it('delivers a publication to every subscriber of the channel, in order, and to no other channel', async () => {
      const first: string[] = [];
      const second: string[] = [];
      const other: string[] = [];
      const offs = await Promise.all([
        kv.subscribe('news', (m) => first.push(m)),
        kv.subscribe('news', (m) => second.push(m)),
        kv.subscribe('other', (m) => other.push(m)),
      ]);
      await kv.publish('news', 'one');
      await kv.publish('news', 'two');
      expect(await collected(first, 2)).toEqual(['one', 'two']);
      expect(await collected(second, 2)).toEqual(['one', 'two']);
      await pause(50);
      expect(other).toEqual([]);
      await Promise.all(offs.map((off) => off()));
    });

    it('stops delivering to a subscriber that unsubscribed, and only to that one', async () => {
      const kept: string[] = [];
      const dropped: string[] = [];
      const keep = await kv.subscribe('topic', (m) => kept.push(m));
      const drop = await kv.subscribe('topic', (m) => dropped.push(m));
      await kv.publish('topic', 'before');
      await collected(dropped, 1);
      await drop();
      await kv.publish('topic', 'after');
      expect(await collected(kept, 2)).toEqual(['before', 'after']);
      await pause(50);
      expect(dropped).toEqual(['before']);
      await keep();
      await kv.publish('topic', 'nobody');
      await pause(50);
      expect(kept).toEqual(['before', 'after']);
    });

    it('keeps delivering to the others when one subscriber throws', async () => {
      const received: string[] = [];
      const bad = await kv.subscribe('faulty', () => {
        throw new Error('subscriber bug');
      });
      const good = await kv.subscribe('faulty', (m) => received.push(m));
      await kv.publish('faulty', 'x');
      expect(await collected(received, 1)).toEqual(['x']);
      await Promise.all([bad(), good()]);
    });

    it('appends to a journal with increasing ids, publishes each entry with its id, and reads after an id', async () => {
      const heard: string[] = [];
      const off = await kv.subscribe('journal-news', (m) => heard.push(m));
      const ids = [];
      for (const message of ['first', 'second entry', '{"json":true}']) ids.push(await kv.appendToJournal('journal', 'journal-news', message, 60_000));
      expect(ids.every((id) => /^\d+-\d+$/.test(id))).toBe(true);
      expect(compareJournalIds(ids[0]!, ids[1]!)).toBeLessThan(0);
      expect(compareJournalIds(ids[1]!, ids[2]!)).toBeLessThan(0);
      expect(await collected(heard, 3)).toEqual([`${ids[0]} first`, `${ids[1]} second entry`, `${ids[2]} {"json":true}`]);
      expect(await kv.readJournal('journal', null)).toEqual([
        { id: ids[0], message: 'first' },
        { id: ids[1], message: 'second entry' },
        { id: ids[2], message: '{"json":true}' },
      ]);
      expect((await kv.readJournal('journal', ids[0]!)).map((e) => e.message)).toEqual(['second entry', '{"json":true}']);
      expect(await kv.readJournal('journal', ids[2]!)).toEqual([]);
      expect(await kv.readJournal('no-such-journal', null)).toEqual([]);
      await off();
    });

    it('numbers concurrent appends uniquely and publishes them in journal order', async () => {
      const heard: string[] = [];
      const off = await kv.subscribe('journal-burst', (m) => heard.push(m));
      const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.appendToJournal('burst', 'journal-burst', `m${i}`, 60_000)));
      expect(new Set(ids).size).toBe(20);
      const order = (await collected(heard, 20)).map((m) => m.slice(0, m.indexOf(' ')));
      expect(order).toEqual([...ids].sort(compareJournalIds));
      expect((await kv.readJournal('burst', null)).map((e) => e.id)).toEqual(order);
      await off();
    });

    it('drops journal entries older than keepMs at a later append', async () => {
      await kv.appendToJournal('short', 'journal-short', 'old', 100);
      await pause(250);
      await kv.appendToJournal('short', 'journal-short', 'new', 100);
      expect((await kv.readJournal('short', null)).map((e) => e.message)).toEqual(['new']);
    });

    it(
      sharedAcrossInstances
        ? 'delivers to subscribers on another store instance on the same backing'
        : 'does not deliver to another instance (each process is alone with its memory store)',
      async () => {
        const peer = await open();
        try {
          const received: string[] = [];
          const off = await peer.subscribe('shared', (m) => received.push(m));
          await kv.publish('shared', 'from the first instance');
          if (sharedAcrossInstances) {
            expect(await collected(received, 1)).toEqual(['from the first instance']);
          } else {
            await pause(50);
            expect(received).toEqual([]);
          }
          await off();
        } finally {
          await peer.close();
        }
      },
    );

    it(sharedAcrossInstances ? 'shares a journal with another store instance' : 'keeps its journal to itself', async () => {
      const peer = await open();
      try {
        const mine = await kv.appendToJournal('shared-journal', 'journal-shared', 'from the first', 60_000);
        const theirs = await peer.appendToJournal('shared-journal', 'journal-shared', 'from the peer', 60_000);
        const seenByPeer = (await peer.readJournal('shared-journal', null)).map((e) => e.message);
        if (sharedAcrossInstances) {
          expect(compareJournalIds(mine, theirs)).toBeLessThan(0);
          expect(seenByPeer).toEqual(['from the first', 'from the peer']);
        } else {
          expect(seenByPeer).toEqual(['from the peer']);
        }
      } finally {
        await peer.close();
      }
    });
  });
}
