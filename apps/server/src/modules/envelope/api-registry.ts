import type { Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reloaded by whoever changes the API definitions. */
    apiRegistry: ApiRegistry;
  }
}

/** A catalogue row's effective policy: the contract's defaults overlaid with staff overrides. */
export interface ApiPolicy {
  path: string;
  contractId: string | null;
  isEncrypt: number;
  isAra: number;
  isAuth: number;
  isOpen: number;
  status: number;
}

/**
 * The live API catalogue as every request's policy needs it, by operation id (the matched
 * route's contract, never the raw URL). Held in memory and reloaded when the definitions change.
 */
export class ApiRegistry {
  #byOperation = new Map<string, ApiPolicy>();
  #all: ApiPolicy[] = [];

  constructor(private readonly database: Database) {}

  async reload(): Promise<void> {
    const rows = await this.database.db
      .selectFrom('api_definitions')
      .select(['path', 'contract_id', 'is_encrypt', 'is_ara', 'is_auth', 'is_open', 'status'])
      .orderBy('priority')
      .orderBy('api_id')
      .execute();
    this.#all = rows.map((r) => ({
      path: r.path,
      contractId: r.contract_id,
      isEncrypt: r.is_encrypt,
      isAra: r.is_ara,
      isAuth: r.is_auth,
      isOpen: r.is_open,
      status: r.status,
    }));
    this.#byOperation = new Map(this.#all.filter((p) => p.contractId).map((p) => [p.contractId as string, p]));
  }

  forOperation(id: string): ApiPolicy | undefined {
    return this.#byOperation.get(id);
  }

  list(): readonly ApiPolicy[] {
    return this.#all;
  }
}
