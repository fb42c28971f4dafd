import type { Database } from '../db/database';
import type { KvStore } from '../kv/kv-store';
import { catalogueVersion, cataloguePolicies } from './api-registry.queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live API catalogue every request's policy reads. */
    apiRegistry: ApiRegistry;
  }
}

/** A catalogue row's effective policy: the contract's defaults overlaid with staff overrides. */
export interface ApiPolicy {
  apiCode: string;
  path: string;
  contractId: string | null;
  isEncrypt: number;
  isAra: number;
  isAuth: number;
  isOpen: number;
  status: number;
}

export const API_CATALOGUE_CHANNEL = 'api-catalogue:changed';
/** How often an instance checks the version itself, in case an announcement was lost. */
const SAFETY_CHECK_MS = 5_000;
/** A client's claim of a newer list is its word only: checked against the database at most this often. */
const CLAIM_CHECK_MS = 250;

/**
 * The live API catalogue as every request's policy needs it, by operation id (the matched
 * route's contract, never the raw URL), held in memory. A change made through any instance
 * bumps the catalogue version and is announced on the shared store; every instance reloads
 * within a second, and checks the version itself every 5 s in case an announcement was lost.
 */
export class ApiRegistry {
  #byOperation = new Map<string, ApiPolicy>();
  #all: ApiPolicy[] = [];
  #version = 0;
  #loading: Promise<void> | undefined;
  #unsubscribe: (() => Promise<void>) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #lastClaimCheck = 0;

  constructor(
    private readonly database: Database,
    private readonly kv: KvStore,
  ) {}

  get version(): number {
    return this.#version;
  }

  /** Reads the catalogue and its version; concurrent calls share one read. */
  reload(): Promise<void> {
    this.#loading ??= this.#read().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #read(): Promise<void> {
    const db = this.database.db;
    // The version first, then the rows: rows newer than the version only cause one more reload
    // later, while the other order could pair a new version with old rows for good.
    const version = await catalogueVersion(db);
    if (version === undefined) throw new Error('the API catalogue has no version row');
    const rows = await cataloguePolicies(db);
    this.#all = rows.map((r) => ({
      apiCode: r.api_code,
      path: r.path,
      contractId: r.contract_id,
      isEncrypt: r.is_encrypt,
      isAra: r.is_ara,
      isAuth: r.is_auth,
      isOpen: r.is_open,
      status: r.status,
    }));
    this.#byOperation = new Map(this.#all.filter((p) => p.contractId).map((p) => [p.contractId as string, p]));
    this.#version = version;
  }

  /** Reloads when the shared version moved past ours. */
  async refreshIfOlderThan(version: number): Promise<void> {
    if (version <= this.#version) return;
    await this.reload();
    // A read already under way when the change committed may have missed it: read once more.
    if (version > this.#version) await this.reload();
  }

  /**
   * A client read its list at `version`, newer than ours (from an instance that heard of a change
   * first): read the version from the database, at most every 250 ms, so a forged header cannot
   * make every request reload the catalogue.
   */
  async noteClientVersion(version: number): Promise<void> {
    if (version <= this.#version || Date.now() - this.#lastClaimCheck < CLAIM_CHECK_MS) return;
    this.#lastClaimCheck = Date.now();
    await this.#check();
  }

  /** After a committed change: this instance reloads at once, the others on the announcement. */
  async changed(version: number): Promise<void> {
    await this.refreshIfOlderThan(version);
    await this.kv.publish(API_CATALOGUE_CHANNEL, String(version)).catch(() => undefined);
  }

  async listen(): Promise<void> {
    if (this.#unsubscribe) return;
    this.#unsubscribe = await this.kv.subscribe(API_CATALOGUE_CHANNEL, (message) => {
      const version = Number(message);
      if (Number.isSafeInteger(version)) void this.refreshIfOlderThan(version).catch(() => undefined);
    });
    this.#timer = setInterval(() => void this.#check().catch(() => undefined), SAFETY_CHECK_MS);
    this.#timer.unref();
  }

  async #check(): Promise<void> {
    const version = await catalogueVersion(this.database.db);
    if (version !== undefined) await this.refreshIfOlderThan(version);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    const unsubscribe = this.#unsubscribe;
    this.#unsubscribe = undefined;
    await unsubscribe?.().catch(() => undefined);
  }

  forOperation(id: string): ApiPolicy | undefined {
    return this.#byOperation.get(id);
  }

  list(): readonly ApiPolicy[] {
    return this.#all;
  }
}
