import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { openKvStore } from '../../src/kv/open-kv';
import { kvStoreContract } from '../helpers/kv-contract';

const url = process.env.REDIS_URL;
if (!url) throw new Error('the services suite needs REDIS_URL');

kvStoreContract('redis', () => openKvStore({ url, prefix: `test:${randomBytes(6).toString('hex')}:` }));

it('keeps two deployments with different prefixes apart', async () => {
  const a = await openKvStore({ url, prefix: `test:${randomBytes(6).toString('hex')}:` });
  const b = await openKvStore({ url, prefix: `test:${randomBytes(6).toString('hex')}:` });
  await a.set('k', 'a', 10_000);
  expect(await b.get('k')).toBeNull();
  await Promise.all([a.close(), b.close()]);
});
