/**
 * Which provider handles online pay types 1 and 2. Only the sandbox exists here; it is refused
 * in production, so production answers "online payment not available" until a real provider is
 * implemented and selected with PAY_PROVIDER.
 */
import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

/** One per process: its signing secret lives as long as the process. */
export const sandboxProvider = createSandboxProvider();

export function onlinePaymentProvider(config: Pick<Config, 'nodeEnv' | 'payProvider'>): PaymentProvider | null {
  if (config.payProvider === 'sandbox') return config.nodeEnv === 'production' ? null : sandboxProvider;
  return null;
}
