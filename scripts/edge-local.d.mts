// Types of scripts/edge-local.mjs, for the TypeScript tests that use it.
export const ROOT: string;
export const NGINX_DIR: string;
export const TEMPLATE_VARIABLES: string[];
export { freePort } from '../server/test/processes.mjs';
export function localResolvers(): Promise<string>;
export function renderTemplate(templateText: string, values: Record<string, string>): string;
export interface NginxOptions {
  dir: string;
  port: number;
  apiUpstream: string;
  webRoot: string;
  assetOrigin?: string;
  trustedProxies?: string[];
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
