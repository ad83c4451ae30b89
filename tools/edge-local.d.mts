// Types of tools/edge-local.mjs, for the TypeScript tests that use it.
export const ROOT: string;
export const NGINX_DIR: string;
export const EDGE_SCRIPT: string;
/** The EDGE_* settings (rate limits, HSTS includeSubDomains) and their defaults, as nginx/edge.sh sets them. */
export const EDGE_DEFAULTS: Record<`EDGE_${string}`, string>;
export { freePort } from '../server/test/support/processes.mjs';
/** The variables nginx/edge.sh lets envsubst substitute. */
export function edgeScriptVariables(): Promise<string[]>;
/** `sh nginx/edge.sh <command>` with exactly these settings (undefined: unset), plus PATH and NGINX_BIN. */
export function runEdgeScript(
  settings: Record<string, string | undefined>,
  command?: string,
): { status: number | null; stdout: string; stderr: string };
export interface NginxOptions {
  dir: string;
  port: number;
  /** API_UPSTREAM (scheme://host:port); leave out with apiServers. */
  apiUpstream?: string;
  /** API_SERVERS: the replicas as host:port, space separated (edge.sh writes the upstream block). */
  apiServers?: string;
  webRoot: string;
  assetOrigin?: string;
  trustedProxies?: string[];
  /** Values of the edge rate limits (and HSTS includeSubDomains) instead of edge.sh's defaults. */
  limits?: Partial<typeof EDGE_DEFAULTS>;
  /** NGINX_LOCAL_RESOLVERS instead of /etc/resolv.conf's servers (e.g. "127.0.0.1:5353"); '' for none. */
  resolvers?: string;
  /** Written to conf.d/extra.conf beside the template (e.g. an upstream block API_UPSTREAM names). */
  extraConf?: string;
  /** Changes a rendered file (default.conf or a snippet's name) before nginx reads it. */
  edit?: (file: string, text: string) => string;
}
export function writeNginxPrefix(options: NginxOptions): Promise<{ conf: string; rendered: string }>;
export interface Running {
  url: string;
  port: number;
  stop(): Promise<void>;
}
export function startNginx(options: NginxOptions): Promise<Running & { dir: string }>;
export function startApi(options: {
  dir: string;
  port: number;
  env?: Record<string, string>;
}): Promise<Running & { dataDir: string; logFile: string }>;
export function ensureBuild(options?: { force?: boolean }): Promise<string>;
export function snapshotBuild(buildDir: string, into: string): Promise<string>;
export interface Edge {
  url: string;
  /** The snapshot of the build that nginx serves. */
  webRoot: string;
  dir: string;
  api: Running & { dataDir: string; logFile: string };
  nginx: Running & { dir: string };
  stop(): Promise<void>;
}
export function startEdge(options?: {
  buildDir?: string;
  apiEnv?: Record<string, string>;
  trustedProxies?: string[];
  keepTemp?: boolean;
}): Promise<Edge>;
