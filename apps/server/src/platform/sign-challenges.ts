import { randomBytes } from 'node:crypto';
import type { KvStore } from '../kv/kv-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The single-use challenges of signed operations (docs/signing.md). */
    signChallenges: SignChallenges;
  }
}

/** How long an issued challenge may be signed and sent: a dialog's confirmation, not a day's. */
export const SIGN_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Single-use challenges for signed operations, kept in the shared store (any instance serves and
 * spends them) under the session they were issued to, so one session can neither spend nor use
 * another's. Taken atomically: of two requests carrying one challenge, exactly one passes.
 */
export class SignChallenges {
  constructor(private readonly kv: KvStore) {}

  #key(tokenHash: string, challenge: string) {
    return `sign-challenge:${tokenHash}:${challenge}`;
  }

  /** A new challenge for the session. */
  async issue(tokenHash: string): Promise<string> {
    const challenge = randomBytes(16).toString('hex');
    await this.kv.set(this.#key(tokenHash, challenge), '1', SIGN_CHALLENGE_TTL_MS);
    return challenge;
  }

  /** Whether the session holds the challenge; `spend` takes it, so it holds no more. */
  async holds(tokenHash: string, challenge: string, spend: boolean): Promise<boolean> {
    const key = this.#key(tokenHash, challenge);
    return (spend ? await this.kv.take(key) : await this.kv.get(key)) !== null;
  }
}
