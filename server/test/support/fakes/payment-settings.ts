/**
 * A complete Alipay configuration with keys generated for the run, for production starts whose
 * test is about something else (production refuses to start without a payment gateway).
 */
import { generateKeyPairSync } from 'node:crypto';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });

export const PRODUCTION_PAYMENT_ENV: Record<string, string> = {
  PUBLIC_BASE_URL: 'https://shop.example.test',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  // Never reached by these tests; a loopback address so nothing could leave the machine.
  ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
};
