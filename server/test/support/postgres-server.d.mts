// Types of server/test/postgres-server.mjs, for the TypeScript callers (benchmarks, nginx and fault tests).
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth). */
  url: string;
  /** pg_ctl stop -m fast: clients are disconnected, the data stays. */
  shutdown(): Promise<void>;
  /** Starts the stopped server again on the same port; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

export function startPostgres(): Promise<PostgresServer>;
