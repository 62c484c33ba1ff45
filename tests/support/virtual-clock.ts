/**
 * A virtual clock for the outbox workers' tests: every sleep a worker asks for moves the
 * clock on by that much (at most `maxStepMs`) and is recorded, but takes a millisecond of
 * real time, so hours of backoff run at once.
 */
export interface VirtualClock {
  now: number;
  /** Every sleep asked for, in order, before `maxStepMs` caps it. */
  sleeps: number[];
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export function virtualClock(start: number, { maxStepMs = Infinity }: { maxStepMs?: number } = {}): VirtualClock {
  const clock: VirtualClock = {
    now: start,
    sleeps: [],
    async sleep(ms, signal) {
      if (signal.aborted) return;
      clock.sleeps.push(ms);
      clock.now += Math.min(ms, maxStepMs);
      await new Promise((resolveSleep) => setTimeout(resolveSleep, 1));
    },
  };
  return clock;
}
