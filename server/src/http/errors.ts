/**
 * The one error path: every failure is an AppError (or becomes one in the error handler),
 * answered as `{ success: false, message, data? }` with the HTTP status of its kind.
 */
export class AppError extends Error {
  /** A 429's wait in whole seconds: answered as the Retry-After header. */
  retryAfterSeconds?: number;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, data?: unknown) => new AppError(400, message, data);
export const unauthorized = (message = '登录已失效，请重新登录') => new AppError(401, message);
export const forbidden = (message = '没有权限执行此操作') => new AppError(403, message);
export const notFound = (message = '记录不存在') => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, data);
/** 429 with the wait the client should observe (Retry-After, whole seconds, at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number, data?: unknown) => {
  const error = new AppError(429, message, data);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
};
export const serviceUnavailable = (message: string) => new AppError(503, message);

/** Success envelope. */
export const ok = <T>(data: T) => ({ success: true as const, data });
export const unprocessable = (message: string, data?: unknown) => new AppError(422, message, data);
