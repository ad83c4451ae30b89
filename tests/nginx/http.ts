/**
 * A raw HTTP client for the edge tests: no automatic decompression, every header as sent; and a
 * stand-in API's server started on a free loopback port (`listen`) and closed (`close`).
 */
import { request, type Server } from 'node:http';
import type { Server as TcpServer } from 'node:net';
import { freePort } from '../../tools/edge-local.mjs';

/** Starts `server` on a free port of 127.0.0.1: its origin (an API_UPSTREAM). */
export async function listen(server: Server | TcpServer): Promise<string> {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${port}`;
}

export async function close(server: Server | TcpServer) {
  await new Promise((resolve) => server.close(resolve));
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Header name (lower case) -> every value sent under it, in order. */
  all: Map<string, string[]>;
  body: Buffer;
}

export function get(url: string, headers: Record<string, string> = {}, method = 'GET', payload?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const all = new Map<string, string[]>();
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i].toLowerCase();
          all.set(name, [...(all.get(name) ?? []), res.rawHeaders[i + 1]]);
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, all, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return get(url, { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers }, 'POST', JSON.stringify(body));
}

/** The single value of a header; fails the caller's expectation when it was sent twice. */
export function one(response: RawResponse, name: string): string | undefined {
  const values = response.all.get(name.toLowerCase());
  if (!values) return undefined;
  if (values.length !== 1) throw new Error(`header ${name} sent ${values.length} times: ${values.join(' | ')}`);
  return values[0];
}
