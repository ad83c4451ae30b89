/**
 * The lookup's deadline: the server answers within ITEM_ANSWER_BUDGET_MS of the request, whatever
 * the short link and the platform take together, because the app stops waiting at 30 s (the seed's
 * timeout) and the answer still has to travel back. Built on the global timers, as the other
 * timeouts of the module are (tests drive them with fake timers).
 */

export const ITEM_ANSWER_BUDGET_MS = 28_000;

export interface Deadline {
  /** Aborts when the time is up. */
  readonly signal: AbortSignal;
  /** Stops the timer (the answer is out). */
  clear(): void;
}

export function startDeadline(ms = ITEM_ANSWER_BUDGET_MS): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** `work`'s outcome, or a rejection as soon as `signal` aborts (work that cannot be cancelled, e.g. getaddrinfo). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
