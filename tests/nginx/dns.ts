/**
 * A tiny DNS server on 127.0.0.1 (UDP) playing Docker's embedded DNS for nginx's `resolver`: it
 * answers A queries for the names it is given with every address of that name, as Docker answers a
 * compose service name with every replica. Only what nginx's resolver asks is implemented (one
 * question, type A); anything else gets an empty answer, an unknown name NXDOMAIN.
 */
import { createSocket } from 'node:dgram';
import { freePort } from '../../tools/edge-local.mjs';

const TYPE_A = 1;
const CLASS_IN = 1;

export interface FakeDns {
  /** "127.0.0.1:<port>", for the template's NGINX_LOCAL_RESOLVERS. */
  address: string;
  /** Replaces the addresses of a name (an empty list: the name no longer exists). */
  set(name: string, addresses: string[]): void;
  stop(): Promise<void>;
}

export async function startFakeDns(records: Record<string, string[]> = {}): Promise<FakeDns> {
  const names = new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase(), addresses]));
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    if (query.length < 17) return;
    // The question: labels from byte 12 up to a zero length, then type and class.
    const labels: string[] = [];
    let offset = 12;
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset];
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('latin1'));
      offset += length + 1;
    }
    offset += 1;
    if (offset + 4 > query.length) return;
    const type = query.readUInt16BE(offset);
    const question = query.subarray(12, offset + 4);
    const addresses = names.get(labels.join('.').toLowerCase());
    const answers = type === TYPE_A && addresses ? addresses : [];

    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0); // the query's id
    // Response, recursion desired and available; rcode 3 (NXDOMAIN) for an unknown or emptied name.
    header.writeUInt16BE(0x8180 | (addresses?.length ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(TYPE_A, 2);
      record.writeUInt16BE(CLASS_IN, 4);
      record.writeUInt32BE(1, 6); // ttl
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((part, i) => record.writeUInt8(Number(part), 12 + i));
      return record;
    });
    socket.send(Buffer.concat([header, question, ...records]), peer.port, peer.address);
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${port}`,
    set: (name, addresses) => void names.set(name.toLowerCase(), addresses),
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
