/**
 * A background task the server runs at start and then on an interval (the daily purge,
 * the held-request summary): the timer never keeps the process alive, and stop() lets a
 * run in progress finish. The task handles its own failures; the next run tries again.
 */
export function startRepeating(everyMs: number, task: () => Promise<void>): { stop(): Promise<void> } {
  let running = task();
  const timer = setInterval(() => (running = task()), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
