import type { Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reloaded by whoever changes the API definitions. */
    apiRegistry: ApiRegistry;
  }
}

export interface ApiFlags {
  path: string;
  isEncrypt: number;
  isAra: number;
  status: number;
}

/**
 * The gateway's API definitions as the envelope needs them, by path under API_BASE.
 * Held in memory (every request consults it) and reloaded when the definitions change.
 */
export class ApiRegistry {
  #byPath = new Map<string, ApiFlags>();

  constructor(private readonly database: Database) {}

  async reload(): Promise<void> {
    const rows = await this.database.db
      .selectFrom('api_definitions')
      .select(['path', 'is_encrypt', 'is_ara', 'status'])
      .orderBy('priority')
      .execute();
    this.#byPath = new Map(
      rows.map((r) => [r.path, { path: r.path, isEncrypt: r.is_encrypt, isAra: r.is_ara, status: r.status }]),
    );
  }

  lookup(path: string): ApiFlags | undefined {
    return this.#byPath.get(path);
  }

  list(): ApiFlags[] {
    return [...this.#byPath.values()];
  }
}
