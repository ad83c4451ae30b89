// Types of tools/edge-local.mjs, for the TypeScript tests that use it.
export const ROOT: string;
export const NGINX_DIR: string;
export const TEMPLATE_VARIABLES: string[];
export const EDGE_LIMIT_DEFAULTS: Record<'EDGE_SMS_RATE' | 'EDGE_SMS_BURST' | 'EDGE_LOGIN_RATE' | 'EDGE_LOGIN_BURST', string>;
export { freePort } from '../server/test/support/processes.mjs';
export function localResolvers(): Promise<string>;
export function renderTemplate(templateText: string, values: Record<string, string>): string;
export interface NginxOptions {
  dir: string;
  port: number;
  apiUpstream: string;
  webRoot: string;
  assetOrigin?: string;
  trustedProxies?: string[];
  /** Template values of the edge rate limits instead of EDGE_LIMIT_DEFAULTS. */
  limits?: Partial<typeof EDGE_LIMIT_DEFAULTS>;
  /** NGINX_LOCAL_RESOLVERS instead of /etc/resolv.conf's servers (e.g. "127.0.0.1:5353"). */
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
