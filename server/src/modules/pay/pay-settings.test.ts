/** Payment settings: each gateway enabled by its complete group, one line per problem, production's needs, and the refusal at start. */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productionPaymentProblems, readPaymentSettings, ALIPAY_PRODUCTION_GATEWAY } from './settings.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
/** What the vendors' key tools print: the bare base64 of the DER, PKCS#1 for the private key. */
const bare = (der: Buffer) => der.toString('base64');

describe('readPaymentSettings', () => {
  it('nothing set: no gateway, no problem (development runs on the sandbox)', () => {
    expect(readPaymentSettings({})).toEqual({ settings: {}, problems: [] });
  });

  it('Alipay from PEM text with \\n escapes, the default production gateway', () => {
    const { settings, problems } = readPaymentSettings({
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n'),
      ALIPAY_PUBLIC_KEY: publicPem,
    });
    expect(problems).toEqual([]);
    expect(settings.alipay).toMatchObject({ appId: '2021000000000001', gateway: ALIPAY_PRODUCTION_GATEWAY, alipayPublicKey: publicPem });
    expect(settings.alipay!.privateKey).toContain('BEGIN PRIVATE KEY');
  });

  it('Alipay from files holding the bare base64 keys of the key tool (PKCS#1 private key)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pay-keys-'));
    try {
      writeFileSync(path.join(dir, 'app.txt'), bare(keys.privateKey.export({ type: 'pkcs1', format: 'der' })));
      writeFileSync(path.join(dir, 'alipay.txt'), bare(keys.publicKey.export({ type: 'spki', format: 'der' })));
      const { settings, problems } = readPaymentSettings({
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'app.txt'),
        ALIPAY_PUBLIC_KEY_FILE: path.join(dir, 'alipay.txt'),
        ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      });
      expect(problems).toEqual([]);
      expect(settings.alipay!.alipayPublicKey).toBe(publicPem);
      expect(settings.alipay!.gateway).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a group set in part, a bad key, an unreadable file, a bad URL: one line each, naming the setting', () => {
    const { settings, problems } = readPaymentSettings({
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: 'not a key',
      ALIPAY_PUBLIC_KEY_FILE: '/nonexistent/alipay.pem',
      WECHATPAY_MCHID: '1900009191',
      PUBLIC_BASE_URL: 'shop.example.com',
    });
    expect(settings.wechatPay).toBeUndefined();
    expect(problems).toEqual([
      'PUBLIC_BASE_URL: "shop.example.com" is not a full http(s) URL; set it to one.',
      'ALIPAY_PUBLIC_KEY_FILE: "/nonexistent/alipay.pem" cannot be read (ENOENT); name a file this user can read.',
      expect.stringMatching(/^ALIPAY_PUBLIC_KEY \(or ALIPAY_PUBLIC_KEY_FILE\): missing \(Alipay is configured in part\); set it to .*\.$/),
      ...[
        'WECHATPAY_APPID',
        'WECHATPAY_SERIAL_NO',
        'WECHATPAY_PRIVATE_KEY (or WECHATPAY_PRIVATE_KEY_FILE)',
        'WECHATPAY_PLATFORM_PUBLIC_KEY (or WECHATPAY_PLATFORM_PUBLIC_KEY_FILE)',
        'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
        'WECHATPAY_API_V3_KEY',
      ].map((name) =>
        expect.stringMatching(
          new RegExp(`^${name.replace(/[()]/g, '\\$&')}: missing \\(WeChat Pay is configured in part\\); set it to .*\\.$`),
        ),
      ),
    ]);
    const badKey = readPaymentSettings({ ALIPAY_APP_ID: '1', ALIPAY_PRIVATE_KEY: 'not a key', ALIPAY_PUBLIC_KEY: publicPem }).problems;
    expect(badKey).toEqual([
      "ALIPAY_PRIVATE_KEY: not an RSA private key; set it to one (PEM, or the bare base64 the vendor's key tool prints).",
    ]);
  });

  it('production needs a gateway and the public origin', () => {
    expect(productionPaymentProblems({})).toHaveLength(2);
    const alipayOnly = readPaymentSettings({
      ALIPAY_APP_ID: '1',
      ALIPAY_PRIVATE_KEY: privatePem,
      ALIPAY_PUBLIC_KEY: publicPem,
      PUBLIC_BASE_URL: 'https://shop.example.com/',
    });
    expect(alipayOnly.settings.publicBaseUrl).toBe('https://shop.example.com');
    expect(productionPaymentProblems(alipayOnly.settings)).toEqual([]);
  });
});

describe('production start', () => {
  it('refuses at once, one line per missing payment setting, when no gateway is configured', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pay-start-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
      for (const name of Object.keys(env)) if (/^(ALIPAY|WECHATPAY)_|^PUBLIC_BASE_URL$|^DATABASE_URL$/.test(name)) delete env[name];
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(
        'payment gateway: none configured, and production takes real payments only; set ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY (Alipay)',
      );
      expect(stderr).toContain('PUBLIC_BASE_URL: missing; ');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
