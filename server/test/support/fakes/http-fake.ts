/**
 * The common part of the local vendor fakes: an HTTP server on 127.0.0.1 (free port) that reads
 * each request whole, lets the fake answer it, and can be told to fail the way gateways do:
 * answer HTTP 500, or never answer at all.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FailureMode = 'none' | 'http-500' | 'vendor-error' | 'no-answer';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
  contentType?: string;
}

/** A running fake of one vendor account: what it accepted and which error codes it answered. */
export interface VendorFake<Account, Sent> {
  /** http://127.0.0.1:port */
  readonly url: string;
  /** How the next requests fail ('none': answered normally). */
  failureMode: FailureMode;
  readonly account: Account;
  /** Messages accepted, in order. */
  readonly sent: Sent[];
  /** Error codes answered, in order. */
  readonly refusals: string[];
  close(): Promise<void>;
}

/** Where a fake listens: 127.0.0.1 on a free port unless the staging stand-ins (server/staging/) say otherwise. */
export interface FakeListen {
  host?: string;
  port?: number;
}

export async function startVendorFake<Account, Sent>(
  account: Account,
  answer: (request: FakeRequest, fake: VendorFake<Account, Sent>) => FakeAnswer,
  http500Body: () => unknown,
  { host = '127.0.0.1', port: wanted = 0 }: FakeListen = {},
): Promise<VendorFake<Account, Sent>> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (fake.failureMode === 'no-answer') return; // the socket stays open until close()
      const reply =
        fake.failureMode === 'http-500'
          ? { status: 500, body: http500Body() }
          : answer(
              {
                method: req.method ?? 'GET',
                url: new URL(req.url ?? '/', 'http://fake'),
                headers: req.headers,
                body: Buffer.concat(chunks),
              },
              fake,
            );
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json;charset=utf-8' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(wanted, host, resolve));
  const { port } = server.address() as AddressInfo;
  const fake: VendorFake<Account, Sent> = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    failureMode: 'none',
    account,
    sent: [],
    refusals: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/** Header value as one string ('' when absent). */
export const header = (request: FakeRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : value) ?? '';
};
