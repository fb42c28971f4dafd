import { instructionsApi, type ClaimStep, type InstructionListRecord, type InstructionRecord } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { KvUnavailableError } from '../../kv/kv-store';
import { waitingAmong, type Scope } from './instructions.queries';

const { WAITING_AT, CLAIM_TTL_MS } = instructionsApi;

/** Who holds a row: the login (the same person on any of its seats is never "another") and the name others see. */
interface Holder {
  userId: number;
  name: string;
}

/**
 * One decision list as the people working it share it: the step, and who may see its rows (the
 * enterprise for review, the institution for its confirmations, the custodian's staff for the
 * check). `scope` is the same list as the database reads it.
 */
export interface ClaimList {
  step: ClaimStep;
  /** `enterprise:<no>` for a customer's step (the seat's enterprise, or the institution's), `staff` for the check. */
  owner: string;
  scope: Scope;
}

const holderOf = (value: string | null): Holder | null => {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Partial<Holder>;
    return typeof parsed.userId === 'number' && typeof parsed.name === 'string' ? { userId: parsed.userId, name: parsed.name } : null;
  } catch {
    return null;
  }
};

const idsOf = (value: string | null): number[] => {
  try {
    const parsed: unknown = value === null ? [] : JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};

/**
 * "Who is working on what" on the decision lists: a claim puts the caller's name on the rows they
 * have selected, in the shared store for `ttlMs`, one key per row (`claim:<step>:<owner>:<id>`)
 * and one listing the caller's rows (`…:by:<userId>`), so the next claim releases what is no
 * longer selected. The first holder keeps a row until they release it or stop refreshing it. A
 * hint only: the signed batch still decides, and two claims racing may both think they won.
 */
export class InstructionClaims {
  readonly #ctx: AppContext;
  readonly #ttlMs: number;

  constructor(ctx: AppContext, options: { ttlMs?: number } = {}) {
    this.#ctx = ctx;
    this.#ttlMs = options.ttlMs ?? CLAIM_TTL_MS;
  }

  #key = (list: ClaimList, id: number) => `claim:${list.step}:${list.owner}:${id}`;
  #mine = (list: ClaimList, userId: number) => `claim:${list.step}:${list.owner}:by:${userId}`;

  /**
   * The caller now has `ids` selected (none: releases everything): of those waiting at the step
   * in the caller's scope, claims the ones nobody else holds; answers the ids the caller holds.
   */
  async claim(userId: number, list: ClaimList, ids: readonly number[]): Promise<number[]> {
    const { kv } = this.#ctx;
    const rows = ids.length === 0 ? [] : await waitingAmong(this.#ctx.database.db, list.scope, WAITING_AT[list.step], ids, userId);
    const wanted = rows.map((r) => r.id);
    const released = idsOf(await kv.get(this.#mine(list, userId))).filter((id) => !wanted.includes(id));
    const current = (await kv.getMany([...wanted, ...released].map((id) => this.#key(list, id)))).map(holderOf);
    const value = JSON.stringify({ userId, name: rows[0]?.name ?? '' } satisfies Holder);
    const held = await Promise.all(
      wanted.map(async (id, i) => {
        const holder = current[i];
        if (holder && holder.userId !== userId) return false;
        if (!holder) return kv.setIfAbsent(this.#key(list, id), value, this.#ttlMs);
        await kv.set(this.#key(list, id), value, this.#ttlMs);
        return true;
      }),
    );
    await Promise.all(released.map((id, i) => (current[wanted.length + i]?.userId === userId ? kv.delete(this.#key(list, id)) : undefined)));
    const mine = wanted.filter((_, i) => held[i]);
    if (mine.length > 0) await kv.set(this.#mine(list, userId), JSON.stringify(mine), this.#ttlMs);
    else await kv.delete(this.#mine(list, userId));
    return mine;
  }

  /**
   * A page of the list for `userId`: each row waiting at the step that another person holds
   * carries their name and goes after the free ones (otherwise in the page's order). Only within
   * the page: the claims live in the shared store, and sorting across pages would move rows
   * between pages as claims come and go. Without the store the rows go unmarked.
   */
  async mark(userId: number, list: ClaimList | null, records: readonly InstructionRecord[]): Promise<InstructionListRecord[]> {
    const unmarked = records.map((r) => ({ ...r, claimedBy: null }));
    const waiting = list ? records.filter((r) => r.status === WAITING_AT[list.step]) : [];
    if (!list || waiting.length === 0) return unmarked;
    let holders: (Holder | null)[];
    try {
      holders = (await this.#ctx.kv.getMany(waiting.map((r) => this.#key(list, r.id)))).map(holderOf);
    } catch (err) {
      if (err instanceof KvUnavailableError) return unmarked;
      throw err;
    }
    const names = new Map(waiting.flatMap((r, i) => (holders[i] && holders[i].userId !== userId ? [[r.id, holders[i].name] as const] : [])));
    const marked = records.map((r) => ({ ...r, claimedBy: names.get(r.id) ?? null }));
    return [...marked.filter((r) => r.claimedBy === null), ...marked.filter((r) => r.claimedBy !== null)];
  }
}
