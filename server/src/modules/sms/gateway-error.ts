/** A gateway refused or failed a send. `message` is safe to log: it never carries the code or a secret. */
export class SmsGatewayError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsGatewayError';
  }
}

/**
 * The loggable reason of any failure during a send: the vendor's error code and message, with
 * every given secret value (the code, the key) masked in case a vendor echoes them back.
 */
export function safeFailureReason(error: unknown, secrets: string[]): string {
  const err = error as { code?: unknown; statusCode?: unknown; httpCode?: unknown; message?: unknown };
  const status = err.statusCode ?? err.httpCode;
  const parts = [
    status !== undefined ? `HTTP ${String(status)}` : '',
    err.code !== undefined ? String(err.code) : '',
    String(err.message ?? error),
  ];
  let reason = parts.filter(Boolean).join(' ');
  for (const secret of secrets) if (secret) reason = reason.replaceAll(secret, '***');
  return reason.slice(0, 500);
}
