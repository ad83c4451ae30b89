/**
 * The one loud line of a server outside production that listens where other machines reach it
 * (main.ts logs it at start): what is open to them, and what to set instead.
 */
import type { Config } from './config.ts';
import { isLoopbackHost } from './http/client-address.ts';

/** The warning, or null when the server is in production or listens on this machine only. */
export function notProductionExposure(config: Pick<Config, 'nodeEnv' | 'host' | 'port' | 'devTools'>): string | null {
  if (config.nodeEnv === 'production' || isLoopbackHost(config.host)) return null;
  const tools =
    config.devTools === 'all'
      ? 'the development tools (SMS codes at /api/dev/sms-outbox, sandbox payments, the demo account) are open to every client'
      : 'the development tools (SMS outbox, sandbox payments, demo account) answer clients on this machine only';
  return `WARNING: NODE_ENV=${config.nodeEnv} (not production) and listening on ${config.host}:${config.port}, reachable from other machines: ${tools}. Set NODE_ENV=production with real gateways, or HOST=127.0.0.1.`;
}
