import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';

const RANDOM_TTL_MS = 5 * 60_000;

/** docs/wire.md server randoms: 32 hex, single-use, 5 minutes, in the shared store. */
export class ServerRandoms {
  constructor(private readonly ctx: AppContext) {}

  async issue(): Promise<string> {
    const random = randomBytes(16).toString('hex');
    await this.ctx.kv.set(`random:${random}`, '1', RANDOM_TTL_MS);
    return random;
  }

  /** Whether a random is issued and unspent, without spending it. */
  async isLive(random: string): Promise<boolean> {
    return (await this.ctx.kv.get(`random:${random}`)) !== null;
  }

  /** True exactly once for a random this server issued within the last 5 minutes. */
  async take(random: string): Promise<boolean> {
    return (await this.ctx.kv.take(`random:${random}`)) !== null;
  }
}
