// Types of scripts/postgres.mjs for the TypeScript that imports it (the gateway tests' global setup).
export declare class PostgresUnavailable extends Error {
  code: 'UNAVAILABLE';
}
export declare function findPostgresBin(): string | undefined;
export declare function installPostgres(): string;
export declare function ensurePostgres(options?: { install?: boolean }): string;
export type RunningPostgres = {
  /** postgres://gateway:<password>@127.0.0.1:<port>/gateway, as the cluster's superuser. */
  url: string;
  /** Stops the server and removes its directory (once; later calls answer the same promise). */
  stop: () => Promise<void>;
  /** `postgres (PostgreSQL) 15.18 (Debian …)`. */
  version: string;
  dir: string;
  startedInMs: number;
};
export declare function startPostgres(options?: { install?: boolean }): Promise<RunningPostgres>;
