import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { openKvStore } from '../../src/kv/open-kv';
import { kvStoreContract } from '../helpers/kv-contract';

const url = process.env.REDIS_URL;
if (!url) throw new Error('the services suite needs REDIS_URL');

const prefix = `test:${randomBytes(6).toString('hex')}:`;
kvStoreContract('redis', () => openKvStore({ url, prefix }), { sharedAcrossInstances: true });

it('keeps two deployments with different prefixes apart', async () => {
  const a = await openKvStore({ url, prefix: `test:${randomBytes(6).toString('hex')}:` });
  const b = await openKvStore({ url, prefix: `test:${randomBytes(6).toString('hex')}:` });
  await a.set('k', 'a', 10_000);
  expect(await b.get('k')).toBeNull();
  await Promise.all([a.close(), b.close()]);
});

it('keeps two deployments with different prefixes apart on publish/subscribe too', async () => {
  const a = await openKvStore({ url, prefix: `test:${randomBytes(6).toString('hex')}:` });
  const b = await openKvStore({ url, prefix: `test:${randomBytes(6).toString('hex')}:` });
  const heardByA: string[] = [];
  const heardByB: string[] = [];
  await a.subscribe('events', (m) => heardByA.push(m));
  await b.subscribe('events', (m) => heardByB.push(m));
  await a.publish('events', 'for a');
  await expect.poll(() => heardByA).toEqual(['for a']);
  await new Promise((r) => setTimeout(r, 100));
  expect(heardByB).toEqual([]);
  await Promise.all([a.close(), b.close()]);
});
