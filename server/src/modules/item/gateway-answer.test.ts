/**
 * postToGateway against a gateway that answers without end: the answer is read up to a bound (a
 * platform's item answer is a few kB), then the provider fails as `bad_answer`, well before the
 * timeout and without holding the whole body in memory.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GATEWAY_ANSWER_MAX_BYTES, postToGateway, ProviderFailure } from './provider.ts';

let written = 0;
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.on('error', () => {});
  const chunk = `{"pad":"${'x'.repeat(64 * 1024)}",`;
  const write = () => {
    // 256 MiB unless the reader stops first
    while (written < 256 * 1024 * 1024) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    res.end('"end":1}');
  };
  write();
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/router/rest`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('a gateway answering without end: bad_answer after the bound, the rest never read', async () => {
  const started = Date.now();
  const error = await postToGateway(url, { form: { method: 'taobao.tbk.item.info.get' } }, AbortSignal.timeout(25_000)).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderFailure);
  expect((error as ProviderFailure).failure).toBe('bad_answer');
  expect((error as ProviderFailure).message).toContain('too large');
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(written).toBeLessThan(64 * 1024 * 1024);
  expect(GATEWAY_ANSWER_MAX_BYTES).toBeLessThanOrEqual(4 * 1024 * 1024);
});
