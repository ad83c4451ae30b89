/** Server configuration, read once from the environment (the variables are listed in README.md). */
import path from 'node:path';
import { webDistDir } from './paths.ts';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; ignored when databaseUrl is set. Empty string = in memory. */
  dataDir: string;
  databaseUrl?: string;
  smsProvider: 'console';
  /** Business time zone for plan days and hours. */
  timeZone: string;
  /** Per-IP SMS sending limit: at most smsIpLimit sends per smsIpWindowSeconds. */
  smsIpLimit: number;
  smsIpWindowSeconds: number;
  /** Unpaid orders expire after this many minutes. */
  orderExpireMinutes: number;
  /** Unpaid collect / contact-staff orders (pay types 3, 4, 6, 9) expire after this many minutes: staff need time to see the transfer. */
  collectOrderExpireMinutes: number;
  /** Provider of online pay types 1 and 2; 'sandbox' is refused when nodeEnv is production. */
  payProvider: 'sandbox';
  /** Built web app to serve (SPA fallback); not served when the folder is missing. */
  distDir: string;
  /** Trust X-Forwarded-For from a proxy (nginx) in front. */
  trustProxy: boolean;
}

const int = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const smsProvider = env.SMS_PROVIDER ?? 'console';
  if (smsProvider !== 'console') throw new Error(`SMS_PROVIDER "${smsProvider}" is not available (known: console)`);
  const payProvider = env.PAY_PROVIDER || 'sandbox';
  if (payProvider !== 'sandbox') throw new Error(`PAY_PROVIDER "${payProvider}" is not available (known: sandbox)`);
  return {
    nodeEnv,
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR ?? path.resolve(process.cwd(), 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smsProvider,
    timeZone: env.TZ_BUSINESS || 'Asia/Shanghai',
    smsIpLimit: int(env.SMS_IP_LIMIT, 30, 'SMS_IP_LIMIT'),
    smsIpWindowSeconds: int(env.SMS_IP_WINDOW_SECONDS, 600, 'SMS_IP_WINDOW_SECONDS'),
    orderExpireMinutes: int(env.ORDER_EXPIRE_MINUTES, 30, 'ORDER_EXPIRE_MINUTES'),
    collectOrderExpireMinutes: int(env.COLLECT_ORDER_EXPIRE_MINUTES, 1440, 'COLLECT_ORDER_EXPIRE_MINUTES'),
    payProvider,
    distDir: env.DIST_DIR ?? webDistDir,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
