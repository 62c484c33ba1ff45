/**
 * A time limit on a promise the caller cannot cancel (a database call in flight): the
 * answer is "too slow" after `ms`, and the work finishes, or fails, on its own.
 */
export class TimeLimitError extends Error {
  readonly code = "TIMEOUT";
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "TimeLimitError";
  }
}

export function withinTimeLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeLimitError(ms)), ms);
  });
  // A late failure of the work is handled here, not reported as unhandled.
  work.catch(() => {});
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
