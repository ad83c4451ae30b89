// Types of server/test/support/processes.mjs, for the TypeScript callers (benchmarks, e2e setup, nginx tests).
import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;

export interface ApiServerOptions {
  /** On top of process.env, NODE_ENV=development, HOST=127.0.0.1 and PORT; undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** Loopback address to listen on (default 127.0.0.1; 127.0.0.2 etc. give replicas one port each). */
  host?: string;
  /** Default: a free port. */
  port?: number;
  /** Extra node flags before the entry point (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Run the production build dist/main.js (`npm run build -w server` first), not src/main.ts through tsx. */
  built?: boolean;
  /** Another TypeScript entry point, relative to server/ (default src/main.ts; a benchmark's own server). */
  entry?: string;
  /** Also append the server's stdout and stderr to this file. */
  logFile?: string;
  /** How long to wait for /api/healthz (default 120 000 ms). */
  timeoutMs?: number;
  /** stop(): SIGKILL this long after SIGTERM (default 5000 ms). */
  graceMs?: number;
  /** Name in error messages (default "API server"). */
  what?: string;
}

export interface ApiServer {
  baseURL: string;
  port: number;
  child: ChildProcess;
  /** The server's recent stdout and stderr (last 64 KiB). */
  log(): string;
  stop(): Promise<void>;
}

export function startApiServer(options?: ApiServerOptions): Promise<ApiServer>;

export interface FailedStart {
  code: number;
  stdout: string;
  stderr: string;
  /** From spawn to exit. */
  ms: number;
}

/** Starts the API server expecting it to exit; rejects when it still runs after timeoutMs (default 60 000). */
export function startFailingApiServer(options?: {
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  runAs?: string;
}): Promise<FailedStart>;

/** Runs `src/ops/cli.ts <args>` (tsx) with env on top of process.env (undefined removes a variable). */
export function runOps(
  args: string[],
  options?: { env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<{ code: number; stdout: string; stderr: string }>;

/** Polls url until it answers 2xx; fails early when child (if given) has exited. */
export function waitForOk(url: string, options: { timeoutMs: number; child?: ChildProcess; what: string }): Promise<void>;
