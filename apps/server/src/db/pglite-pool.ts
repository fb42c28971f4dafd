import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents an embedded PGlite as a one-connection pg pool, so Kysely's own PostgresDialect
 * drives both embedded and server databases. PGlite has a single session: a client is held
 * exclusively from connect() to release(), which keeps a Kysely transaction from
 * interleaving with other requests' statements.
 */
export class PGlitePool implements PostgresPool {
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const turn = this.#queue;
    this.#queue = turn.then(() => held);
    await turn;
    const pglite = this.pglite;
    return {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, [...parameters]);
        return {
          command: commandOf(sql),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release,
    } as PostgresPoolClient;
  }

  /** Runs a multi-statement script in one transaction, inside the exclusive session (migrations). */
  async execScript(script: string): Promise<void> {
    const client = await this.connect();
    try {
      await this.pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {
    await this.#queue;
  }
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  return (word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'MERGE' ? word : 'SELECT');
}
