/**
 * A complete Alipay configuration with keys generated for the run, plus the metrics token, for
 * production starts whose test is about something else (production refuses to start without a
 * payment gateway or METRICS_TOKEN).
 */
import { generateKeyPairSync } from 'node:crypto';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** As a live site sets it: a public https origin and Alipay's own gateway (which these tests never call). */
export const PRODUCTION_PAYMENT_ENV: Record<string, string> = {
  PUBLIC_BASE_URL: 'https://shop.example.com',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  METRICS_TOKEN: 'metrics-token-of-the-test-run',
};

/**
 * A staging start (STAGING=1: production code against stand-ins, which the SMS fakes are): an
 * origin nobody on the internet reaches and a gateway on a loopback address nothing answers, so
 * nothing could leave the machine.
 */
export const STAGING_PAYMENT_ENV: Record<string, string> = {
  ...PRODUCTION_PAYMENT_ENV,
  STAGING: '1',
  PUBLIC_BASE_URL: 'https://shop.example.test',
  ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
};
