// Types of server/test/postgres-server.mjs, for the TypeScript callers outside the server workspace.
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth). */
  url: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

export function startPostgres(): Promise<PostgresServer>;
