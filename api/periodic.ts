/**
 * A job the API runs at start and then every `ms` until stopped (the attachment sweep, the calibration
 * notices): a failed run is logged and tried again next time; stop waits for a run under way.
 */
export function startPeriodic(label: string, ms: number, job: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = job().catch((e) => console.error(`${label}:`, e));
  };
  run();
  const timer = setInterval(run, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
