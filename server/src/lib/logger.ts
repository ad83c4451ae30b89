/**
 * The one server logger: pino, one JSON line per event. Fastify uses it for its request lines
 * (each carries the request id as `reqId`); the database layer and background jobs get it too.
 * The serializers keep what callers sent out of the log: request lines carry the path without the
 * query string, and database errors lose the query parameters and the details that quote values.
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** Path only: query strings carry phone numbers, keywords and whatever an attacker typed. */
export const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
}

/** SQLSTATE class 22 (data exception) messages quote the offending input value. */
const quotesInput = (code: unknown) => typeof code === 'string' && code.startsWith('22');

/**
 * An error as logged. Drizzle's query errors repeat every parameter in their message, and
 * PostgreSQL's `detail` quotes key values: both are left out; the SQL text (placeholders only),
 * the SQLSTATE and the cause chain stay.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!(err instanceof Error) || depth > 4) return err === undefined ? undefined : { message: String(err) };
  const fields = err as Error & DatabaseErrorFields & { query?: unknown; params?: unknown };
  const out: Record<string, unknown> = { type: err.name };
  if (quotesInput(fields.code)) out.message = '(data exception; message withheld because it quotes the input)';
  else if (err.message.startsWith('Failed query:')) out.message = 'Failed query';
  else out.message = err.message;
  if (typeof fields.query === 'string') out.query = fields.query;
  for (const key of ['code', 'severity', 'table', 'column', 'constraint', 'routine'] as const) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  // Only the frames: the stack's head repeats the message (and with it any parameters).
  if (err.stack)
    out.stack = err.stack
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .slice(0, 8)
      .join('\n');
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** Logs to stdout unless given a destination (tests read the lines). */
export function createLogger(level: string = process.env.LOG_LEVEL || 'info', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    serializers: {
      req: (req: RequestLike) => ({ method: req.method, url: pathOf(req.url), remoteAddress: req.ip }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
