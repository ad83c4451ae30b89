/** The error code of a database error, through the wrappers (Drizzle wraps the driver's error). */

/** The error and its causes. */
export function* causes(err: unknown): Generator<Error & { code?: unknown }> {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) yield e;
}

export function errorCode(err: unknown): string | undefined {
  for (const e of causes(err)) if (typeof e.code === 'string') return e.code;
  return undefined;
}
