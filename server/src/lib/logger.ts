/**
 * The one server logger: pino, one JSON line per event. Fastify uses it for its request lines
 * (each carries the request id as `reqId`); the database layer and background jobs get it too, and
 * code shared by requests and jobs (payment gateways, order expiry) logs through currentLog(), so
 * its lines carry the id of the request they served.
 * The serializers keep what callers sent out of the log: request lines carry the path without the
 * query string, and database errors lose the query parameters and the details that quote values.
 * Whatever a line holds after that, its mainland mobile numbers are masked (138****8000) and the
 * secrets it may quote (keys, tokens, passwords, signatures) are replaced before it is written
 * (`scrubLogLine`): a console path such as /api/admin/users/<phone>/points, or a gateway's error
 * text, cannot put them in the log.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** What code deep below a route or a job logs through: pino's level methods (Fastify's request.log and app.log are such). */
export type LogSink = Pick<Logger, 'error' | 'warn' | 'info' | 'debug'>;

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

const scopedLog = new AsyncLocalStorage<LogSink>();
/** Where lines go outside any request or job (main.ts and the ops CLI set it); silent until then (tests). */
let processLog: LogSink = pino({ level: 'silent' });

/** The logger of lines written outside a request or a job (set once by an entry point). */
export function setProcessLog(log: LogSink): void {
  processLog = log;
}

/**
 * Runs `work` with `log` as currentLog(): the HTTP shell runs every request under its request.log
 * (each line carries the request id `reqId`), periodic jobs under the app's logger.
 */
export function runWithLog<T>(log: LogSink, work: () => T): T {
  return scopedLog.run(log, work);
}

/**
 * The logger of the request or job being run, else the process's. Code that outside services call
 * back into, or that a request and a background job share (payment gateways, order expiry), logs
 * through it, so each of its lines is JSON with the request id of the request it served.
 */
export const currentLog = (): LogSink => scopedLog.getStore() ?? processLog;

/** The demo account's number (README, seed.ts) is public: it stays readable in the start-up line. */
const PUBLIC_PHONES = new Set(['13800138000']);
/**
 * A mainland mobile number not inside a longer run of digits (an order number holds digits too),
 * with or without the country code (+86, 0086, 86: Tencent's SMS API and gateways' errors write
 * +8613812345678).
 */
const PHONE = /(?<![0-9])((?:\+|00)?86[- ]?)?(1[3-9][0-9])([0-9]{4})([0-9]{4})(?![0-9])/g;
/** JSON fields whose value is a secret, whatever object they are in. */
const SECRET_FIELD =
  /("(?:password|passwordHash|newPassword|verifyCode|token|t-token|tokenHash|authorization|cookie|secret|secretKey|accessKeySecret|privateKey|private_key|apiV3Key|api_v3_key|sign|signature|paySign)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
const PEM_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
/** Signatures and tokens in query strings or form bodies a gateway error may quote. */
const SECRET_PARAM = /\b(sign|signature|access_token|token|password|secret|app_cert_sn)=([^&\s"\\]+)/gi;

/** A log line with phone numbers masked and secrets replaced (see the file's comment). */
export function scrubLogLine(line: string): string {
  return line
    .replace(PEM_KEY, '[private key redacted]')
    .replace(SECRET_FIELD, '$1"[redacted]"')
    .replace(BEARER, '$1 [redacted]')
    .replace(SECRET_PARAM, '$1=[redacted]')
    .replace(PHONE, (whole: string, country: string | undefined, head: string, middle: string, tail: string) =>
      PUBLIC_PHONES.has(`${head}${middle}${tail}`) ? whole : `${country ?? ''}${head}****${tail}`,
    );
}

/** Logs to stdout unless given a destination (tests read the lines). */
export function createLogger(level: string = process.env.LOG_LEVEL || 'info', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    hooks: { streamWrite: scrubLogLine },
    serializers: {
      req: (req: RequestLike) => ({ method: req.method, url: pathOf(req.url), remoteAddress: req.ip }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
